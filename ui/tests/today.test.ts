// The Today screen's logic: the step a missing part needs, the replacement list, the health
// line and "invite again", in both languages.
import { describe, expect, it } from 'vitest';
import type { TodayBattery, TodayHealth, TodayInvitation } from '../src/lib/backend';
import { translate, type Locale, type MessageKey } from '../src/lib/i18n/index.svelte';
import {
  firstOf,
  healthParts,
  inviteAgainRequest,
  missingStep,
  replacementList,
  reportParts,
  unusualDays,
} from '../src/lib/screens/today/today';

const tr = (locale: Locale) => (key: MessageKey, params?: Record<string, string | number>) =>
  translate(locale, key, params);
const TZ = 'Asia/Tokyo';
const NOW = '2026-11-24T01:00:00Z';

const batteries: TodayBattery[] = [
  { lock_id: 'A1', lock_name: '正面玄関', part: 'nfc_reader_inside', percent: 9 },
  { lock_id: 'B2', lock_name: null, part: 'lock', percent: 15 },
  { lock_id: 'C3', lock_name: '=HYPERLINK("x")', part: 'door_sensor', percent: 19 },
];

const health = (h: Partial<TodayHealth>): TodayHealth => ({
  history_profile: 'hist',
  history_signed_in: true,
  history_expires_at: '2026-11-24T03:00:00Z',
  archive_synced_at: '2026-11-24T00:50:00Z',
  archive_updating: false,
  watch_last_round: null,
  watch_unacknowledged: 0,
  ...h,
});

const invitation = (i: Partial<TodayInvitation>): TodayInvitation => ({
  id: 'I1',
  mail: 'new@example.com',
  mail_masked: false,
  authority: { kind: 'manager' },
  code: 'E-12',
  expires_at: '2026-11-24T20:00:00Z',
  expired: false,
  ...i,
});

describe('replacement list', () => {
  it('has a dated title and one line per battery naming lock, device and percent', () => {
    const ja = replacementList(batteries, tr('ja'), 'ja-JP', NOW, TZ).split('\n');
    expect(ja[0]).toBe('電池交換リスト（2026/11/24）');
    expect(ja[1]).toBe('正面玄関　室内側リーダー　9%');
    // A lock without a name is listed by its id.
    expect(ja[2]).toBe('B2　錠本体　15%');
    expect(ja[3]).toBe('=HYPERLINK("x")　ドアセンサー　19%');
    expect(ja).toHaveLength(4);
    const en = replacementList(batteries, tr('en'), 'en-GB', NOW, TZ).split('\n');
    expect(en[0]).toBe('Batteries to replace (24/11/2026)');
    expect(en[1]).toBe('正面玄関 – Inside reader – 9%');
    expect(en[2]).toBe('B2 – Lock body – 15%');
  });
});

describe('missing parts', () => {
  it('name the step and the screen that has it', () => {
    const conn = missingStep({ kind: 'history_connection' }, tr('ja'));
    expect(conn.screen).toBe('connect');
    expect(conn.text).toContain('接続');
    const sync = missingStep({ kind: 'archive_sync' }, tr('en'));
    expect(sync.screen).toBe('history');
    expect(sync.text).toMatch(/sync/);
    const updating = missingStep({ kind: 'archive_updating' }, tr('ja'));
    expect(updating.screen).toBe('history');
    expect(updating.text).toContain('更新しています');
    expect(missingStep({ kind: 'archive_updating' }, tr('en')).text).toMatch(/being updated/);
    const failed = missingStep({ kind: 'failed', code: 'v2_session_expired' }, tr('ja'));
    expect(failed.screen).toBeNull();
    expect(failed.text).not.toContain('v2_session_expired');
    expect(failed.text).toMatch(/[\u3040-\u30ff]/);
  });
  it('say how far back the archive is complete while older records are fetched', () => {
    const m = {
      kind: 'archive_incomplete' as const,
      complete: { state: 'since' as const, since: '2026-11-20T00:00:00Z', until: NOW },
    };
    const ja = missingStep(m, tr('ja'), 'ja-JP');
    expect(ja.screen).toBe('history');
    expect(ja.text).toContain('2026/11/20以降');
    const none = missingStep(
      { kind: 'archive_incomplete', complete: { state: 'nothing' } },
      tr('en'),
    );
    expect(none.text).toMatch(/still being fetched/);
  });
});

describe('health line', () => {
  it('warns of an expired or absent history sign-in and links to its step', () => {
    const ok = healthParts(health({}), tr('ja'), 'ja-JP', NOW, TZ);
    expect(ok[0]).toEqual({
      text: '入退室履歴のサインイン有効期限 2026/11/24 12:00',
      warn: false,
      screen: null,
    });
    expect(ok[1].text).toBe('入退室履歴は 2026/11/24 09:50 まで同期済みです');
    expect(ok[2].text).toBe('見守り：まだ確認していません');
    expect(ok).toHaveLength(3);
    const updating = healthParts(
      health({ archive_synced_at: null, archive_updating: true }),
      tr('ja'),
      'ja-JP',
      NOW,
      TZ,
    );
    expect(updating[1]).toEqual({
      text: '記録の保存形式を更新中です',
      warn: false,
      screen: 'history',
    });

    const expired = healthParts(
      health({ history_expires_at: '2026-11-24T00:59:00Z' }),
      tr('en'),
      'en-GB',
      NOW,
      TZ,
    );
    expect(expired[0]).toMatchObject({ warn: true, screen: 'sign-in' });
    expect(expired[0].text).toContain('expired');

    const none = healthParts(
      health({ history_profile: null, archive_synced_at: null }),
      tr('en'),
      'en-GB',
      NOW,
      TZ,
    );
    expect(none[0]).toMatchObject({ warn: true, screen: 'connect' });
    expect(none[1]).toMatchObject({ warn: true, screen: 'history' });

    const watched = healthParts(
      health({ watch_last_round: '2026-11-24T00:55:00Z', watch_unacknowledged: 4 }),
      tr('ja'),
      'ja-JP',
      NOW,
      TZ,
    );
    expect(watched[2].text).toBe('見守りの最終確認 2026/11/24 09:55');
    expect(watched[3]).toMatchObject({ text: '未確認の通知 4 件', warn: true });

    // Background watching paused in the desktop app: said, and it leads to Watch.
    const paused = healthParts({ ...health({}), watch_paused: true }, tr('ja'), 'ja-JP', NOW, TZ);
    expect(paused[3]).toEqual({ text: '見守り：一時停止中', warn: true, screen: 'watch' });
    const running = healthParts({ ...health({}), watch_paused: false }, tr('en'), 'en-GB', NOW, TZ);
    expect(running.map((p) => p.text)).not.toContain('Watching paused');
  });
});

describe('invite again', () => {
  it('sends the same address, a role that may be given and the code', () => {
    expect(inviteAgainRequest(invitation({}))).toEqual({
      mail: 'new@example.com',
      authority: 'manager',
      code: 'E-12',
    });
    expect(
      inviteAgainRequest(invitation({ authority: { kind: 'super_manager' }, code: null })),
    ).toEqual({ mail: 'new@example.com', authority: 'member' });
  });
  it('is impossible for a hidden or absent address', () => {
    expect(inviteAgainRequest(invitation({ mail: 'n***@example.com', mail_masked: true }))).toBe(
      null,
    );
    expect(inviteAgainRequest(invitation({ mail: null }))).toBe(null);
  });
});

describe('lists', () => {
  it('show the unusual days and count the rest', () => {
    const d = (id: string, unusual: boolean) => ({
      lock_id: id,
      lock_name: null,
      yesterday: 1,
      average: 1,
      unusual,
    });
    const r = unusualDays([d('A', true), d('B', false), d('C', false)]);
    expect(r.shown.map((x) => x.lock_id)).toEqual(['A']);
    expect(r.usual).toBe(2);
  });
  it('cut at a maximum and count the rest', () => {
    expect(firstOf([1, 2, 3, 4, 5, 6, 7], 5)).toEqual({ shown: [1, 2, 3, 4, 5], more: 2 });
    expect(firstOf([1], 5)).toEqual({ shown: [1], more: 0 });
  });
  it('every Today key exists in both languages and the Japanese reads Japanese', () => {
    for (const key of ['today.title', 'today.batteries.copy', 'today.invites.again'] as const) {
      expect(translate('ja', key)).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
      expect(translate('en', key)).not.toBe(key);
    }
    expect(translate('ja', 'today.title')).toBe('今日の状況');
    expect(translate('ja', 'today.night.range', { from: 'a', to: 'b' })).toBe('a 〜 b');
  });
});

describe('reports on the health line', () => {
  it('names a failed run with its reason, an incomplete one with its reach, and the sign-in', () => {
    const none = reportParts({ runs: [], sign_in_needed: false }, tr('ja'), 'ja-JP', TZ);
    expect(none).toEqual([]);
    const parts = reportParts(
      {
        runs: [
          {
            report_id: 'r1',
            name: '入退室履歴',
            period: '2026-10',
            error: 'file_unwritable',
            archive_until: null,
            at: '2026-11-24T00:00:00Z',
          },
          {
            report_id: 'r2',
            name: '週報',
            period: '2026-11-16_2026-11-22',
            error: null,
            archive_until: '2026-11-20T03:30:00Z',
            at: '2026-11-24T00:00:00Z',
          },
        ],
        sign_in_needed: true,
      },
      tr('ja'),
      'ja-JP',
      TZ,
    );
    expect(parts[0]).toEqual({
      text: 'レポート「入退室履歴」（2026-10）を書き出せませんでした：ファイルを保存できませんでした。次の確認で再度書き出します。',
      warn: true,
      screen: 'reports',
    });
    expect(parts[1].text).toBe(
      'レポート「週報」（2026-11-16_2026-11-22）には 2026/11/20 12:30 までの記録しか含まれていません',
    );
    expect(parts[2]).toMatchObject({ warn: true, screen: 'sign-in' });
    // A code this UI does not know is shown as it came.
    const odd = reportParts(
      {
        runs: [
          {
            report_id: 'r1',
            name: 'x',
            period: 'p',
            error: 'disk_on_fire',
            archive_until: null,
            at: '2026-11-24T00:00:00Z',
          },
        ],
        sign_in_needed: false,
      },
      tr('en'),
      'en-GB',
      TZ,
    );
    expect(odd[0].text).toContain('disk_on_fire');
  });
});
