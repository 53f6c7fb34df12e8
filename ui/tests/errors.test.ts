import { describe, expect, it } from 'vitest';
import { BackendError, type ErrorCategory, type ErrorCode } from '../src/lib/backend/errors';
import type { ErrorPayload } from '../src/lib/backend/errors';
import {
  ERROR_CODES,
  codeText,
  describeError,
  errorField,
  isBadInput,
  isErrorCode,
} from '../src/lib/errors';
import { en } from '../src/lib/i18n/en';
import { ja } from '../src/lib/i18n/ja';
import { translate } from '../src/lib/i18n/index.svelte';

const err = (
  code: ErrorCode,
  category: ErrorCategory,
  details: ErrorPayload['details'] = {},
  message = 'the core’s English',
) => new BackendError({ code, category, message, details });

/** Every placeholder filled, in both languages, with no braces left. */
const fully = (v: { key: keyof typeof en; params: Record<string, string | number> }) =>
  (['en', 'ja'] as const).map((l) => translate(l, v.key, v.params));

describe('every code is worded', () => {
  it('lists the codes of the generated type', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(60);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ['transport', 'invalid_token', 'v2_session_expired', 'internal'])
      expect(isErrorCode(code), code).toBe(true);
    expect(isErrorCode('session_expired')).toBe(false);
    expect(isErrorCode('rate_limited')).toBe(false);
  });
  it('has English and Japanese text for every code, with and without details', () => {
    const details = {
      field: 'lock_name',
      scope: 'organization:lock:write',
      limit: 500,
      service_code: 'brand_new',
      base_url: 'https://api.example.jp',
      path: '/home/a/profiles.json',
      api: 'v3',
      file_name: 'photo.txt',
    };
    for (const code of ERROR_CODES) {
      for (const d of [details, {}]) {
        const v = codeText(code, d);
        expect(v.key in en, `${code} → ${v.key}`).toBe(true);
        for (const text of fully(v)) {
          expect(text.trim(), code).not.toBe('');
          expect(text, `${code}: ${text}`).not.toMatch(/\{\w+\}/);
        }
        expect(ja[v.key], code).not.toBe(en[v.key]);
      }
    }
  });
  it('uses no internal words', () => {
    for (const code of ERROR_CODES) {
      for (const text of fully(codeText(code))) {
        expect(text, code).not.toMatch(/\bcore\b|コア|retries|attempts|0ns/i);
      }
    }
  });
  it('Japanese messages are polite (です・ます)', () => {
    for (const code of ERROR_CODES) {
      const text = translate('ja', codeText(code).key);
      expect(text, code).toMatch(/(ます|です|ません|ました|でした|ください)。$|）。$/);
    }
  });
});

describe('messages use the details', () => {
  it('a full disk names the folder and the space to free', () => {
    const v = codeText('disk_full', {
      path: '/home/a/.local/share/lockdesk',
      needed_bytes: 262144,
    });
    for (const text of fully(v)) {
      expect(text).toContain('/home/a/.local/share/lockdesk');
      expect(text).toContain('256.0 KB');
    }
  });
  it('a damaged store is named, with where its file was kept', () => {
    for (const store of ['archive', 'journal', 'alerts', 'deliveries', 'report_runs'] as const) {
      const v = codeText('store_damaged', {
        store,
        path: '/d/x.sqlite3',
        moved_to: '/d/x.damaged-20261127-2301.sqlite3',
      });
      expect(v.key).toBe(`error.store_damaged.${store}`);
      for (const text of fully(v)) expect(text).toContain('x.damaged-20261127-2301.sqlite3');
    }
    const journal = fully(
      codeText('store_failed', { store: 'journal', path: '/d/journal.sqlite3' }),
    );
    expect(journal[0]).toMatch(/activity journal/);
    expect(journal[1]).toMatch(/操作記録/);
  });
  it('insufficient_scope names the scope and says where to enable it', () => {
    const v = describeError(
      err('insufficient_scope', 'missing_scope', { scope: 'organization:lock:write' }),
    );
    expect(v.key).toBe('error.insufficient_scope');
    expect(v.params).toEqual({ scope: 'organization:lock:write' });
    expect(v.howTo).toBe('error.insufficient_scope.howTo');
    expect(describeError(err('insufficient_scope', 'missing_scope')).key).toBe(
      'error.insufficient_scope.unknown',
    );
  });
  it('a directory source that cannot be read says why, in each language, a permission by name', () => {
    const why = (source_failure: string, scope?: string) =>
      describeError(
        err('directory_source_failed', 'connection', {
          source_failure,
          scope,
        } as ErrorPayload['details']),
      );
    const permission = why('permission_missing', 'User.Read.All');
    expect(permission.key).toBe('error.directory_source_failed.permission_missing');
    for (const text of fully(permission)) expect(text).toContain('User.Read.All');
    expect(why('certificate').key).toBe('error.directory_source_failed.certificate');
    expect(why('sign_in_refused').key).toBe('error.directory_source_failed.sign_in_refused');
    for (const kind of [
      'sign_in_refused',
      'throttled',
      'unreachable',
      'certificate',
      'not_found',
      'filter',
      'too_large',
      'unexpected',
      'secret_missing',
      'sign_in_expired',
      'sign_in_declined',
    ])
      for (const text of fully(why(kind))) expect(text).not.toMatch(/[{}]|the core/);
    expect(describeError(err('directory_source_failed', 'connection')).key).toBe(
      'error.directory_source_failed',
    );
  });
  it('an unreachable service names its address and suggests the network and the address', () => {
    for (const code of ['transport', 'timeout'] as const) {
      const v = describeError(
        err(code, 'service_unreachable', { base_url: 'https://api.example.jp' }),
      );
      const [enText, jaText] = fully(v);
      expect(enText).toContain('https://api.example.jp');
      expect(jaText).toContain('https://api.example.jp');
      expect(v.howTo).toBe('error.howTo.service_unreachable');
      expect(translate('en', v.howTo!)).toMatch(/network.*address/);
      expect(translate('ja', v.howTo!)).toMatch(/ネットワーク.*アドレス/);
    }
  });
  it('an unreachable service names the proxy it went through, or the setup script that failed', () => {
    const through = describeError(
      err('transport', 'service_unreachable', {
        base_url: 'https://api.example.jp',
        proxy: 'http://proxy.corp.example:8080',
      }),
    );
    expect(through.key).toBe('error.transport.proxy');
    for (const text of fully(through)) {
      expect(text).toContain('http://proxy.corp.example:8080');
      expect(text).toContain('https://api.example.jp');
    }
    const script = describeError(
      err('transport', 'service_unreachable', {
        base_url: 'https://api.example.jp',
        proxy_script: 'http://wpad.corp.example/proxy.pac',
      }),
    );
    expect(script.key).toBe('error.transport.proxyScript');
    const [enText, jaText] = fully(script);
    expect(enText).toMatch(/proxy setup script http:\/\/wpad\.corp\.example\/proxy\.pac/);
    expect(jaText).toContain('プロキシ自動構成スクリプト http://wpad.corp.example/proxy.pac');
    expect(jaText).toContain('https://api.example.jp');
    // What to check is the proxy, or the script, with IT: not the network or the address.
    expect(through.howTo).toBe('error.howTo.proxy');
    expect(script.howTo).toBe('error.howTo.proxy_script');
    expect(translate('en', script.howTo!)).toMatch(/IT.*setup script’s address/);
    expect(translate('ja', through.howTo!)).toContain('IT 担当者');
    // No answer in time after going straight past a script that failed: the script is named.
    const slow = describeError(
      err('timeout', 'service_unreachable', {
        base_url: 'https://api.example.jp',
        proxy_script: 'http://wpad.corp.example/proxy.pac',
      }),
    );
    expect(slow.key).toBe('error.timeout.proxyScript');
    const [slowEn, slowJa] = fully(slow);
    expect(slowEn).toMatch(
      /setup script http:\/\/wpad\.corp\.example\/proxy\.pac.*did not answer in time/,
    );
    expect(slowJa).toContain('プロキシ自動構成スクリプト http://wpad.corp.example/proxy.pac');
    expect(slow.howTo).toBe('error.howTo.proxy_script');
  });
  it('a refused certificate names the host, what was wrong and what to ask IT', () => {
    const problems = [
      ['unknown_issuer', /authority this computer does not trust/, /信頼していない認証局/],
      ['expired', /has expired/, /有効期限が切れている/],
      ['not_yet_valid', /not valid yet/, /有効期間が始まっていない/],
      ['wrong_name', /another name/, /別のホスト名/],
      ['revoked', /revoked/, /失効/],
      ['other', /could not be set up/, /安全な接続を確立できなかった/],
    ] as const;
    for (const [problem, enWords, jaWords] of problems) {
      const v = describeError(
        err('tls_certificate', 'certificate', { host: 'api.example.jp', tls_problem: problem }),
      );
      const [enText, jaText] = fully(v);
      expect(enText, problem).toContain('api.example.jp');
      expect(enText, problem).toMatch(enWords);
      expect(jaText, problem).toContain('api.example.jp');
      expect(jaText, problem).toMatch(jaWords);
      expect(v.howTo).toBe('error.howTo.certificate');
      expect(v.action).toBeNull();
    }
    expect(translate('en', 'error.howTo.certificate')).toBe(
      'If your company inspects HTTPS, ask IT to install its root certificate on this computer.',
    );
    expect(translate('ja', 'error.howTo.certificate')).toMatch(/HTTPS の検査.*ルート証明書/);
    expect(describeError(err('tls_certificate', 'certificate')).key).toBe(
      'error.tls_certificate.noHost',
    );
  });
  it('a proxy that asks for a password is named, and the way to enter it is offered', () => {
    const asked = describeError(
      err('proxy_auth_required', 'proxy_login', { proxy: 'http://proxy.example.jp:8080' }),
    );
    const [enText, jaText] = fully(asked);
    expect(enText).toBe(
      'The proxy http://proxy.example.jp:8080 between this computer and the service asks for a user name and password.',
    );
    expect(jaText).toContain('http://proxy.example.jp:8080');
    expect(jaText).toMatch(/ユーザー名とパスワード/);
    expect(asked.howTo).toBe('error.howTo.proxy_login');
    expect(asked.action).toBe('proxy');
    const refused = describeError(
      err('proxy_auth_required', 'proxy_login', {
        proxy: 'http://proxy.example.jp:8080',
        proxy_login_refused: true,
      }),
    );
    expect(refused.key).toBe('error.proxy_auth_required.refused');
    expect(fully(refused)[0]).toMatch(/did not accept the user name and password kept for it/);
    expect(describeError(err('proxy_auth_required', 'proxy_login')).key).toBe(
      'error.proxy_auth_required.noProxy',
    );
  });
  it('a lost answer says the outcome is not known and to look before trying again', () => {
    const v = describeError(
      err('answer_lost', 'outcome_unknown', { base_url: 'https://api.example.jp' }),
    );
    const [enText, jaText] = fully(v);
    expect(enText).toContain('https://api.example.jp');
    expect(enText).toMatch(/answer was lost.*not known/);
    expect(v.howTo).toBe('error.howTo.outcome_unknown');
    expect(translate('en', v.howTo!)).toMatch(/Look at the list.*did not send it again/);
    expect(jaText).toContain('https://api.example.jp');
    expect(jaText).toMatch(/応答が途絶えた.*分かりません/);
    expect(translate('ja', v.howTo!)).toMatch(/確認してください.*再送信していません/);
    expect(v.action).toBeNull();
    expect(describeError(err('answer_lost', 'outcome_unknown')).key).toBe(
      'error.answer_lost.noAddress',
    );
  });
  it('an image with too many pixels names the file and the limit', () => {
    const v = describeError(err('image_too_large', 'bad_input', { file_name: '巨大.png' }));
    const [enText, jaText] = fully(v);
    expect(enText).toMatch(/巨大\.png.*too many pixels.*16,384/);
    expect(jaText).toMatch(/巨大\.png.*画素数が多すぎます.*16,384/);
    expect(describeError(err('image_too_large', 'bad_input')).key).toBe(
      'error.image_too_large.noName',
    );
  });
  it('a refused value names its field; the invitation limit names the limit', () => {
    const v = describeError(err('validation', 'bad_input', { field: 'lock_name' }));
    expect(v.params).toEqual({ field: 'lock_name' });
    expect(translate('ja', v.key, v.params)).toContain('lock_name');
    const limit = describeError(err('invitation_limit_exceeded', 'limit', { limit: 500 }));
    expect(translate('en', limit.key, limit.params)).toContain('500');
  });
  it('a settings file that cannot be used is named with its line, column and what is wrong', () => {
    const path = 'C:\\Users\\山田\\AppData\\Roaming\\Lockdesk\\reports.json';
    const at = { path, line: 7, column: 23 };
    const cut = fully(
      describeError(err('config_invalid', 'local_file', { ...at, config_problem: 'cut_short' })),
    );
    expect(cut[0]).toMatch(/reports\.json is cut short: it ends at line 7, column 23/);
    expect(cut[1]).toMatch(/reports\.json は途中で切れています（7 行目、23 列目/);
    const garbage = fully(
      describeError(err('config_invalid', 'local_file', { ...at, config_problem: 'not_json' })),
    );
    expect(garbage[0]).toMatch(/reports\.json is not valid JSON at line 7, column 23/);
    expect(garbage[1]).toMatch(/reports\.json の 7 行目、23 列目が JSON として正しくありません/);
    const wrong = fully(
      describeError(
        err('config_invalid', 'local_file', {
          ...at,
          config_problem: 'wrong_value',
          field: 'reports[0].schedule.at',
        }),
      ),
    );
    expect(wrong[0]).toMatch(
      /reports\.json has a value .* in reports\[0\]\.schedule\.at, at line 7, column 23/,
    );
    expect(wrong[1]).toMatch(/reports\.json の reports\[0\]\.schedule\.at（7 行目、23 列目）/);
    for (const text of [...cut, ...garbage, ...wrong]) expect(text).not.toContain('English');
    // Unreadable as a whole (no place in it): the file alone.
    expect(
      describeError(err('config_invalid', 'local_file', { path, config_problem: 'unreadable' })),
    ).toMatchObject({ key: 'error.config_invalid', params: { path } });
  });
  it('an unknown service code is shown', () => {
    const v = describeError(err('service_other', 'service_error', { service_code: 'new_rule' }));
    expect(translate('en', v.key, v.params)).toContain('new_rule');
  });
});

describe('actions come from the category', () => {
  it('sign-in problems offer to sign in again', () => {
    for (const code of [
      'not_signed_in',
      'invalid_token',
      'invalid_grant',
      'state_mismatch',
      'sign_in_cancelled',
    ] as const) {
      expect(describeError(err(code, 'sign_in_again')).action, code).toBe('sign-in');
    }
    expect(describeError(err('v2_session_expired', 'sign_in_again_history')).action).toBe(
      'sign-in-v2',
    );
    expect(describeError(err('insufficient_scope', 'missing_scope')).action).toBeNull();
  });
  it('organization problems open the organization list', () => {
    expect(describeError(err('organization_required', 'organization')).action).toBe(
      'organizations',
    );
    expect(describeError(err('no_organization', 'organization')).action).toBeNull();
  });
  it('a code this UI does not know is named by its code, not the backend’s English', () => {
    const v = describeError(err('brand_new' as ErrorCode, 'internal', {}, 'core says'));
    expect(v.key).toBe('error.unknown');
    for (const l of ['en', 'ja'] as const) {
      expect(translate(l, v.key, v.params)).toContain('brand_new');
      expect(translate(l, v.key, v.params)).not.toContain('core says');
    }
  });
});

describe('BackendError', () => {
  it('validation errors carry their field', () => {
    expect(errorField(err('validation', 'bad_input', { field: 'lock_name' }))).toBe('lock_name');
    expect(isBadInput(err('invalid_params', 'bad_input'))).toBe(true);
    expect(isBadInput(err('not_allowed', 'refused_by_role'))).toBe(false);
    expect(errorField(new Error('x'))).toBeNull();
  });
  it('from() accepts payloads and JSON strings; anything else is internal, in neutral words', () => {
    const p: ErrorPayload = {
      code: 'lock_not_found',
      category: 'not_found',
      message: 'b',
      details: {},
    };
    expect(BackendError.from(p).code).toBe('lock_not_found');
    expect(BackendError.from(JSON.stringify(p)).category).toBe('not_found');
    for (const thrown of [new TypeError('Failed to fetch'), 'ipc broke', { code: 'x' }]) {
      const e = BackendError.from(thrown);
      expect(e.code).toBe('internal');
      expect(e.category).toBe('internal');
      expect(e.message).not.toMatch(/core|retries|0ns|fetch|ipc/i);
    }
  });
});

describe('a chat destination’s service', () => {
  it('says what the chat service did, without advice or a button for Lockdesk’s connection', () => {
    for (const [code, category] of [
      ['webhook_unavailable', 'service_unreachable'],
      ['webhook_refused', 'connection'],
      ['webhook_answer_lost', 'outcome_unknown'],
      ['webhook_secret_missing', 'keychain'],
    ] as const) {
      const v = describeError(err(code, category));
      expect(v.key, code).toBe(`error.${code}`);
      expect(v.howTo, code).toBeNull();
      expect(v.action, code).toBeNull();
    }
  });
});
