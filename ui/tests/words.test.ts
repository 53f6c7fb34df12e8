import { describe, expect, it } from 'vitest';
import { translate, type Locale } from '../src/lib/i18n/index.svelte';
import type { MessageKey } from '../src/lib/i18n/en';
import type { LockSettings } from '../src/lib/backend';
import * as w from '../src/lib/words';

const tr =
  (locale: Locale): w.Tr =>
  (key: MessageKey, params?: Record<string, string | number>) =>
    translate(locale, key, params);
const en = tr('en');
const ja = tr('ja');
// Tokyo: the service's `+09:00` times show without their offset.
const JST = 540;

const none: LockSettings = {
  autolock: null,
  seconds_till_autolock: null,
  autolock_off_schedule: null,
  open_door_alert: null,
  open_door_alert_second: null,
  push_button: null,
  normal_sound_volume: null,
  alert_sound_volume: null,
  lock_type: null,
  unlock_signal_duration: null,
  button1: null,
  lock_remote: null,
};

const pro: LockSettings = {
  ...none,
  autolock: true,
  seconds_till_autolock: 30,
  autolock_off_schedule: {
    enabled: null,
    days_of_week: [1, 2, 3, 4, 5],
    start_time: '09:00+09:00',
    end_time: '18:00+09:00',
    holidays: true,
  },
  open_door_alert: true,
  open_door_alert_second: 60,
  push_button: false,
  normal_sound_volume: 40,
  alert_sound_volume: 80,
};

const ctl: LockSettings = {
  ...none,
  lock_type: { kind: 'form_a_contact' },
  unlock_signal_duration: 500,
  button1: {
    enabled: true,
    days_of_week: [0, 6],
    start_time: '08:30+09:00',
    end_time: '12:00+09:00',
    holidays: true,
  },
  lock_remote: { id: null },
};

/** Latin letters in Japanese text, except the product name "Pro" (as Japanese products write it). */
const latin = (s: string) => s.replace(/\bPro\b/g, '').match(/[A-Za-z]+/g) ?? [];

describe('days of the week', () => {
  it('runs collapse with the language’s range mark', () => {
    expect(w.daysWords([1, 2, 3, 4, 5], en)).toBe('Mon–Fri');
    expect(w.daysWords([1, 2, 3, 4, 5], ja)).toBe('月〜金');
    expect(w.daysWords([6, 0], en)).toBe('Sun, Sat');
    expect(w.daysWords([6, 0], ja)).toBe('日・土');
    expect(w.daysWords([1, 3, 5], ja)).toBe('月・水・金');
    expect(w.daysWords([2, 1, 1], ja)).toBe('月・火');
    expect(w.daysWords([0, 1, 2, 3, 4, 5, 6], en)).toBe('every day');
    expect(w.daysWords([0, 1, 2, 3, 4, 5, 6], ja)).toBe('毎日');
    expect(w.daysWords([], ja)).toBeNull();
    expect(w.daysWords([9], en)).toBeNull();
  });
  it('every weekday has a name in both languages', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((d) => w.weekday(d, ja)).join('')).toBe('日月火水木金土');
    expect(w.weekday(3, en)).toBe('Wed');
  });
  it('time windows use – in English and 〜 in Japanese', () => {
    expect(w.timeRangeWords('09:00+09:00', '18:00+09:00', en, JST)).toBe('09:00–18:00');
    expect(w.timeRangeWords('09:00+09:00', '18:00+09:00', ja, JST)).toBe('09:00〜18:00');
  });
});

describe('locks', () => {
  it('models', () => {
    expect(w.modelWords({ kind: 'pro' }, en)).toBe('Smart lock (Pro)');
    expect(w.modelWords({ kind: 'ctl' }, en)).toBe('Controller');
    expect(w.modelWords({ kind: 'pro' }, ja)).toBe('スマートロック（Pro）');
    expect(w.modelWords({ kind: 'ctl' }, ja)).toBe('コントローラー');
    expect(w.modelWords({ kind: 'pro' }, ja, true)).toBe('Pro');
    expect(w.modelWords({ kind: 'ctl' }, ja, true)).toBe('コントローラー');
    expect(w.modelWords({ kind: 'other', value: 'Pro2' }, ja)).toBe('その他（Pro2）');
  });
  it('devices', () => {
    expect(w.deviceWords('nfc_reader_inside', en)).toBe('Inside reader');
    expect(w.deviceWords('nfc_reader_inside', ja)).toBe('室内側リーダー');
    expect(w.deviceWords('nfc_reader_outside', ja)).toBe('室外側リーダー');
    expect(w.deviceWords('door_sensor', ja)).toBe('ドアセンサー');
  });
  it('lock types, including one the service invents', () => {
    expect(w.lockTypeWords({ kind: 'electromagnetic' }, en)).toBe('Electromagnetic');
    expect(w.lockTypeWords({ kind: 'electromagnetic' }, ja)).toBe('電磁錠');
    expect(w.lockTypeWords({ kind: 'form_a_contact' }, ja)).toBe('A 接点出力');
    expect(w.lockTypeWords({ kind: 'other', value: 'pneumatic' }, en)).toBe('Other (pneumatic)');
  });

  it('a Pro’s settings in English, in display order', () => {
    expect(w.settingRows(pro, en, JST)).toEqual([
      { key: 'autolock', label: 'Auto-lock', value: 'On, locks after 30 seconds' },
      {
        key: 'autolock_off_schedule',
        label: 'Auto-lock paused',
        value: 'Mon–Fri, 09:00–18:00 (auto-lock stays on during holidays)',
      },
      {
        key: 'open_door_alert',
        label: 'Door-left-open warning',
        value: 'On, after 60 seconds open',
      },
      { key: 'push_button', label: 'Lock/unlock by push button', value: 'Off' },
      { key: 'normal_sound_volume', label: 'Operation sound', value: '40 of 100' },
      { key: 'alert_sound_volume', label: 'Warning sound', value: '80 of 100' },
    ]);
  });
  it('a Pro’s settings in Japanese', () => {
    const rows = w.settingRows(pro, ja, JST);
    expect(rows.map((r) => r.value)).toEqual([
      'オン（30 秒後に施錠）',
      '月〜金 09:00〜18:00（祝日はオートロック有効）',
      'オン（60 秒後に警告）',
      'オフ',
      '40 / 100',
      '80 / 100',
    ]);
    expect(rows.map((r) => r.label)).toEqual([
      'オートロック',
      'オートロック停止',
      '扉の閉め忘れ警告',
      'プッシュボタンで施解錠',
      '操作音',
      '警告音',
    ]);
  });
  it('a controller’s settings in both languages', () => {
    expect(w.settingRows(ctl, en, JST).map((r) => [r.key, r.value])).toEqual([
      ['lock_type', 'A-contact output'],
      ['unlock_signal_duration', '500 ms'],
      ['button1', 'On: Sun, Sat, 08:30–12:00 (off on holidays)'],
      ['lock_remote', 'Paired'],
    ]);
    expect(w.settingRows(ctl, ja, JST).map((r) => r.value)).toEqual([
      'A 接点出力',
      '500 ミリ秒',
      'オン：日・土 08:30〜12:00（祝日は無効）',
      '登録済み',
    ]);
  });
  it('switched off, without seconds, a remote with its id', () => {
    const st: LockSettings = {
      ...none,
      autolock: false,
      seconds_till_autolock: 30,
      open_door_alert: true,
      button1: { ...ctl.button1!, enabled: false },
      lock_remote: { id: '12345' },
    };
    expect(w.settingRows(st, ja).map((r) => r.value)).toEqual(['オフ', 'オン', 'オフ', '12345']);
    expect(w.settingRows(none, ja)).toEqual([]);
  });
  it('the auto-lock column', () => {
    // Both models read "On…"/"Off": a delay is added in brackets where the model has one.
    expect(w.autolockCell(pro, en)).toBe('On (30 s)');
    expect(w.autolockCell(pro, ja)).toBe('オン（30 秒）');
    expect(w.autolockCell({ ...pro, seconds_till_autolock: null }, en)).toBe('On');
    expect(w.autolockCell({ ...none, autolock: false }, ja)).toBe('オフ');
    expect(w.autolockCell(none, ja)).toBeNull();
  });
  it('shows the offset of a time that is not in the viewer’s zone', () => {
    const row = w.settingRows(pro, ja, 0).find((r) => r.key === 'autolock_off_schedule');
    expect(row?.value).toBe(
      '月〜金 09:00 (UTC+09:00)〜18:00 (UTC+09:00)（祝日はオートロック有効）',
    );
  });
});

describe('people', () => {
  it('roles', () => {
    expect(w.roleWords({ kind: 'super_manager' }, en)).toBe('Super manager');
    expect(w.roleWords({ kind: 'super_manager' }, ja)).toBe('スーパーマネージャー');
    expect(w.roleWords({ kind: 'manager' }, ja)).toBe('マネージャー');
    expect(w.roleWords({ kind: 'member' }, ja)).toBe('メンバー');
    expect(w.roleWords({ kind: 'other', value: 'guest' }, ja)).toBe('その他（guest）');
    expect(w.accountRoleWords('manager', ja)).toBe('マネージャー');
    expect(w.accountRoleWords(null, ja)).toBeNull();
  });
  it('the role a user form starts with', () => {
    expect(w.inputRole({ kind: 'manager' })).toBe('manager');
    expect(w.inputRole({ kind: 'super_manager' })).toBe('member');
    expect(w.inputRole(null)).toBe('member');
  });
  it('invitation states', () => {
    expect(w.invitationStateWords({ kind: 'active' }, en)).toBe('Waiting');
    expect(w.invitationStateWords({ kind: 'active' }, ja)).toBe('承認待ち');
    expect(w.invitationStateWords({ kind: 'expired' }, ja)).toBe('期限切れ');
  });
});

describe('history', () => {
  it('how a door was opened, from a kind or a service value', () => {
    const words: Record<w.ClientType, [string, string]> = {
      mobile_app: ['Phone app', 'スマートフォンアプリ'],
      manager: ['Web console / URL key', 'Web 管理画面 / URL キー'],
      nfc_outside: ['IC card (outside)', 'IC カード（室外）'],
      nfc_inside: ['IC card (inside)', 'IC カード（室内）'],
      autolock: ['Auto-lock', 'オートロック'],
      hand: ['By hand', '手動'],
      button: ['Button', 'ボタン'],
    };
    for (const k of w.CLIENT_TYPES) {
      expect(w.clientWords({ kind: k }, en)).toBe(words[k][0]);
      expect(w.clientWords(k, ja)).toBe(words[k][1]);
      expect(w.clientValue(w.clientKind(k))).toBe(k);
    }
    expect(w.clientKind('face_id')).toEqual({ kind: 'other', value: 'face_id' });
    expect(w.clientWords('face_id', ja)).toBe('その他（face_id）');
    expect(w.actionWords(true, ja)).toBe('施錠');
    expect(w.actionWords(false, ja)).toBe('解錠');
  });
});

describe('no English in Japanese', () => {
  it('holds for every kind and setting the core can send', () => {
    const out: string[] = [
      ...w.settingRows(pro, ja, JST).flatMap((r) => [r.label, r.value]),
      ...w.settingRows(ctl, ja, JST).flatMap((r) => [r.label, r.value]),
      ...(['pro', 'ctl'] as const).map((kind) => w.modelWords({ kind }, ja)),
      ...(['nfc_reader_inside', 'nfc_reader_outside', 'door_sensor'] as const).map((k) =>
        w.deviceWords(k, ja),
      ),
      ...(
        [
          'lock_in_energizing',
          'unlock_in_energizing',
          'electric_mortise',
          'instant_current_flow',
          'electromagnetic',
          'automatic_door',
        ] as const
      ).map((kind) => w.lockTypeWords({ kind }, ja)),
      ...(['super_manager', 'manager', 'member'] as const).map((kind) => w.roleWords({ kind }, ja)),
      ...(['active', 'expired'] as const).map((kind) => w.invitationStateWords({ kind }, ja)),
      ...[0, 1, 2, 3, 4, 5, 6].map((d) => w.weekday(d, ja)),
    ];
    // "IC" (IC card), "Web" and "URL" are how Japanese access-control products write them;
    // "A" is the A-contact of a relay (A 接点).
    const allowed = new Set(['IC', 'Web', 'URL', 'A']);
    const clients = w.CLIENT_TYPES.map((k) => w.clientWords(k, ja));
    const english = [...out, ...clients].flatMap(latin).filter((x) => !allowed.has(x));
    expect(english).toEqual([]);
  });
});
