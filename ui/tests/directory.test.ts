// The Directory screen's logic: the add form checked and sent as the core takes it (one kind of
// source, its secret), the core's refusals at their fields, a Google key file read for its
// service account only, the plan counted (held rows apart) and worded in both languages, and
// apply's refusals told apart.
import { describe, expect, it } from 'vitest';
import { BackendError, type ErrorCode } from '../src/lib/backend/errors';
import type { DirectoryPlan, PlanRow, UserView } from '../src/lib/backend';
import { translate } from '../src/lib/i18n/index.svelte';
import {
  applyRefusal,
  changeLines,
  checkException,
  checkSourceForm,
  hasWork,
  heldWords,
  keyFileAccount,
  newSourceForm,
  planCounts,
  serverSourceProblem,
  sourceWhere,
  toSourceRequest,
  withoutSecrets,
} from '../src/lib/screens/directory/directory';

const en = (k: Parameters<typeof translate>[1], p: Record<string, string | number> = {}) =>
  translate('en', k, p);
const ja = (k: Parameters<typeof translate>[1], p: Record<string, string | number> = {}) =>
  translate('ja', k, p);
const refused = (field: string, code: ErrorCode = 'invalid_input') =>
  new BackendError({ code, category: 'bad_input', message: 'English', details: { field } });

const KEY = JSON.stringify({
  type: 'service_account',
  client_email: 'lockdesk@project.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n',
});

describe('the add form', () => {
  it('sends an HR file by its path only', () => {
    const f = { ...newSourceForm('hr_csv', '人事 CSV'), path: '/srv/hr/社員一覧.csv' };
    expect(toSourceRequest(f)).toEqual({
      ok: true,
      request: { name: '人事 CSV', path: '/srv/hr/社員一覧.csv' },
    });
    expect(checkSourceForm({ ...f, path: '社員一覧.csv' }).path).toBeTruthy();
  });

  it('checks only the fields of the kind chosen, and sends its secret', () => {
    const entra = newSourceForm('entra_id', 'Entra');
    expect(Object.keys(checkSourceForm(entra)).sort()).toEqual([
      'clientId',
      'clientSecret',
      'tenant',
    ]);
    const r = toSourceRequest({
      ...entra,
      tenant: ' contoso.onmicrosoft.com ',
      clientId: 'abc',
      clientSecret: 's3cret',
    });
    expect(r).toEqual({
      ok: true,
      request: {
        name: 'Entra',
        entra: {
          tenant: 'contoso.onmicrosoft.com',
          client_id: 'abc',
          group_id: undefined,
          as_administrator: false,
        },
        secret: 's3cret',
      },
    });
    const ldap = newSourceForm('ldap', 'AD');
    expect(checkSourceForm({ ...ldap, url: 'http://dc01' }).url).toBeTruthy();
    expect(checkSourceForm({ ...ldap, url: 'ldaps://dc01.example.co.jp' }).url).toBeUndefined();
    expect(checkSourceForm({ ...ldap, filter: 'objectClass=user' }).filter).toBeTruthy();
  });

  it('signs in to Entra ID with a certificate file instead of a secret, and sends no secret', () => {
    const entra = {
      ...newSourceForm('entra_id', 'Entra'),
      tenant: 'contoso.onmicrosoft.com',
      clientId: 'abc',
      entraAuth: 'certificate' as const,
    };
    expect(Object.keys(checkSourceForm(entra))).toEqual(['certificate']);
    expect(
      checkSourceForm({ ...entra, certText: '-----BEGIN CERTIFICATE-----\nAA\n' }).certificate,
    ).toBeTruthy();
    const pem =
      '-----BEGIN CERTIFICATE-----\nAA\n-----END CERTIFICATE-----\n-----BEGIN PRIVATE KEY-----\nBB\n-----END PRIVATE KEY-----\n';
    const r = toSourceRequest({ ...entra, certText: pem, clientSecret: 'typed before' });
    expect(r.ok && r.request.entra_certificate).toBe(pem);
    expect(r.ok && 'secret' in r.request).toBe(false);
    expect(withoutSecrets({ ...entra, certText: pem }).certText).toBe('');
  });

  it('reads Entra ID as the administrator: nothing secret asked, the sign-in comes later', () => {
    const entra = {
      ...newSourceForm('entra_id', 'Entra'),
      tenant: 'contoso.onmicrosoft.com',
      clientId: 'abc',
      entraAuth: 'administrator' as const,
    };
    expect(checkSourceForm(entra)).toEqual({});
    const r = toSourceRequest(entra);
    expect(r.ok && r.request.entra?.as_administrator).toBe(true);
    expect(r.ok && ('secret' in r.request || 'entra_certificate' in r.request)).toBe(false);
  });

  it('reads a Google key file for its service account; anything else is no key', () => {
    expect(keyFileAccount(KEY)).toBe('lockdesk@project.iam.gserviceaccount.com');
    expect(keyFileAccount('{"type":"authorized_user"}')).toBeNull();
    expect(keyFileAccount('not json')).toBeNull();
    const f = {
      ...newSourceForm('google_workspace', 'Google'),
      admin: 'admin@example.co.jp',
      keyText: KEY,
      keyEmail: 'lockdesk@project.iam.gserviceaccount.com',
    };
    const r = toSourceRequest(f);
    expect(r.ok && r.request.secret).toBe(KEY);
    // Once sent, the form keeps no secret.
    const cleared = withoutSecrets({ ...f, password: 'p', clientSecret: 's' });
    expect([cleared.keyText, cleared.keyEmail, cleared.password, cleared.clientSecret]).toEqual([
      '',
      '',
      '',
      '',
    ]);
  });

  it("puts the core's refusals at their fields, worded from the field", () => {
    expect(serverSourceProblem(refused('columns'), 'hr_csv')).toEqual({
      field: 'path',
      problem: { key: 'directory.invalid.columns' },
    });
    expect(serverSourceProblem(refused('secret'), 'ldap')?.field).toBe('password');
    expect(serverSourceProblem(refused('secret'), 'google_workspace')?.field).toBe('key');
    expect(serverSourceProblem(refused('client_id', 'invalid_arguments'), 'entra_id')?.field).toBe(
      'clientId',
    );
    const failed = new BackendError({
      code: 'directory_source_failed',
      category: 'connection',
      message: 'English',
      details: {},
    });
    expect(serverSourceProblem(failed, 'entra_id')).toBeNull();
    expect(en('directory.invalid.columns')).toContain('employee number or the name');
    expect(ja('directory.invalid.columns')).toContain('氏名');
  });
});

describe('a source in the list', () => {
  it('says what it reads', () => {
    const columns = { employee_id: '社員番号', name: '氏名' };
    expect(sourceWhere({ kind: 'hr_csv', path: 'C:\\hr\\a.csv', columns }, en)).toBe(
      'C:\\hr\\a.csv',
    );
    expect(
      sourceWhere({ kind: 'ldap', url: 'ldaps://dc01', bind_dn: 'x', base_dn: 'OU=社員' }, ja),
    ).toBe('ldaps://dc01（OU=社員 以下）');
  });
});

const row = (r: Partial<PlanRow> & Pick<PlanRow, 'change'>): PlanRow => ({
  name: '山田 太郎',
  ...r,
});

describe('the plan', () => {
  const plan: DirectoryPlan = {
    leavers: [
      row({ change: { kind: 'remove', user_id: 'u1', left: '2020-03-31', in_directory: true } }),
      row({
        change: { kind: 'remove', user_id: 'u2', in_directory: false },
        held: { kind: 'manager' },
      }),
    ],
    joiners: [row({ change: { kind: 'invite', mail: 'new@example.jp', code: 'E9' } })],
    movers: [row({ change: { kind: 'update', user_id: 'u3', name: '山田 花子' } })],
    ambiguous: [
      row({
        change: { kind: 'invite', mail: '', code: 'E7' },
        held: { kind: 'ambiguous', candidates: ['u1', 'u3'] },
      }),
    ],
    joining_later: 2,
  };
  const users = new Map<string, UserView>(
    [
      ['u1', '佐藤 一郎'],
      ['u3', '山田 太郎'],
    ].map(([id, name]) => [
      id,
      {
        id,
        name,
        mail: null,
        image_url: null,
        authority: null,
        code: null,
        created_at: null,
        updated_at: null,
        ic_cards: [],
      },
    ]),
  );

  it('counts what apply would do apart from the rows held', () => {
    const c = planCounts(plan);
    expect(c).toEqual({ remove: 1, invite: 1, update: 1, held: 2, later: 2 });
    expect(hasWork(c)).toBe(true);
    expect(hasWork({ ...c, remove: 0, invite: 0, update: 0 })).toBe(false);
  });

  it('words each change, an update as old → new', () => {
    expect(changeLines(plan.leavers[0].change, users, 'ja', ja)).toEqual([
      '組織から削除（2020/03/31 退職）',
    ]);
    expect(changeLines(plan.movers[0].change, users, 'en', en)).toEqual([
      'Name: 山田 太郎 → 山田 花子',
    ]);
    expect(changeLines(plan.joiners[0].change, users, 'en', en)).toEqual([
      'Invite new@example.jp with the user code E9',
    ]);
    expect(changeLines({ kind: 'update', user_id: 'gone', code: 'E1' }, users, 'ja', ja)).toEqual([
      'ユーザーコード：（なし） → E1',
    ]);
  });

  it('says why a row is held, naming the candidates', () => {
    expect(heldWords({ kind: 'ambiguous', candidates: ['u1', 'u3'] }, users, 'ja', ja)).toBe(
      '保留：佐藤 一郎、山田 太郎 に一致',
    );
    expect(
      heldWords({ kind: 'exception', reason: '業務委託', until: '2099-12-31' }, users, 'ja', ja),
    ).toBe('保留：2099/12/31 まで例外（業務委託）');
  });

  it("tells apply's refusals apart", () => {
    expect(applyRefusal(refused('plan'))).toBe('mass');
    expect(applyRefusal(refused('fingerprint', 'invalid_arguments'))).toBe('changed');
    expect(applyRefusal(refused('name'))).toBeNull();
    expect(applyRefusal(new Error('x'))).toBeNull();
  });
});

describe('an exception', () => {
  it('needs whom, a reason and a day from today on', () => {
    const today = '2026-11-28';
    expect(Object.keys(checkException({ who: '', reason: '', until: '' }, today)).sort()).toEqual([
      'reason',
      'until',
      'who',
    ]);
    expect(
      checkException({ who: 'E0001', reason: '派遣', until: '2026-11-27' }, today).until,
    ).toBeTruthy();
    expect(checkException({ who: 'E0001', reason: '派遣', until: today }, today)).toEqual({});
  });
});
