// The Watch screen's form logic: the same limits as the core's WatchRules::validate, office
// hours editing, listed users, the alert filters and the words of office days in both languages.
import { describe, expect, it } from 'vitest';
import type { AlertView, Finding, UserView, WatchRules } from '../src/lib/backend';
import { translate } from '../src/lib/i18n/index.svelte';
import {
  addListedUser,
  alertQuery,
  checkForm,
  clockMinutes,
  daysText,
  detailText,
  fromForm,
  inFilter,
  muteKey,
  newestFirst,
  nextRoundAt,
  presetDays,
  resolveWatchedUser,
  toForm,
  toggleDay,
  type Words,
} from '../src/lib/screens/watch/watch';
import { offsetText } from '../src/lib/format';
import { wholeNumber } from '../src/lib/validate';

const DEFAULTS: WatchRules = {
  interval_minutes: 10,
  low_battery: { enabled: true, threshold_percent: 20 },
  unlocked_too_long: { enabled: true, minutes: 30 },
  outside_hours: {
    enabled: true,
    days: [1, 2, 3, 4, 5],
    start: '08:00',
    end: '20:00',
    holidays_off: true,
    utc_offset_minutes: 540,
  },
  listed_users: { enabled: true, users: [] },
  silent_lock: { enabled: true, days: 7 },
  leaver_still_user: { enabled: true },
};
const en: Words = (k, p) => translate('en', k, p);
const ja: Words = (k, p) => translate('ja', k, p);

describe('rules form', () => {
  it('round-trips the rules unchanged', () => {
    const out = fromForm(toForm(DEFAULTS));
    expect(out).toEqual({ ok: true, rules: DEFAULTS });
  });

  it('checks each number with the core limits, next to its field', () => {
    const f = toForm(DEFAULTS);
    f.interval = '0';
    f.lowBattery.threshold = '101';
    f.unlocked.minutes = '1441';
    f.silent.days = '';
    const p = checkForm(f);
    expect(p.interval).toEqual({ key: 'watch.invalid.range', params: { min: 1, max: 1440 } });
    expect(p.threshold).toEqual({ key: 'watch.invalid.range', params: { min: 1, max: 100 } });
    expect(p.unlockedMinutes?.params).toEqual({ min: 1, max: 1440 });
    expect(p.silentDays).toEqual({ key: 'watch.invalid.empty' });
    expect(p.start).toBeUndefined();
  });

  it('refuses fractions, signs and words; accepts the bounds', () => {
    for (const bad of ['1.5', '-3', '2e1', 'ten', '２０'])
      expect(wholeNumber(bad, [1, 100]), bad).not.toBeNull();
    expect(wholeNumber(' 1 ', [1, 100])).toBeNull();
    expect(wholeNumber('100', [1, 100])).toBeNull();
    expect(wholeNumber('366', [1, 365])).not.toBeNull();
  });

  it('sends nothing when a field is wrong (bad input changes nothing)', () => {
    const f = toForm(DEFAULTS);
    f.hours.start = '9:00';
    const out = fromForm(f);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(Object.keys(out.problems)).toEqual(['start']);
  });

  it('trims numbers and sends them as numbers', () => {
    const f = toForm(DEFAULTS);
    f.lowBattery.threshold = ' 35 ';
    f.interval = '5';
    const out = fromForm(f);
    expect(out.ok && out.rules.low_battery.threshold_percent).toBe(35);
    expect(out.ok && out.rules.interval_minutes).toBe(5);
  });
});

describe('office hours', () => {
  it('reads times as the core does', () => {
    expect(clockMinutes('08:00')).toBe(480);
    expect(clockMinutes('24:00')).toBe(1440);
    for (const bad of ['24:01', '8:00', '08:60', '0800', '25:00', ''])
      expect(clockMinutes(bad), bad).toBeNull();
  });

  it('wants the end after the start, and at least one day', () => {
    const f = toForm(DEFAULTS);
    f.hours.start = '18:00';
    f.hours.end = '09:00';
    expect(checkForm(f).end).toEqual({ key: 'watch.invalid.endBeforeStart' });
    f.hours.end = '18:00';
    expect(checkForm(f).end).toEqual({ key: 'watch.invalid.endBeforeStart' });
    f.hours.days = [];
    expect(checkForm(f).days).toEqual({ key: 'watch.invalid.noDays' });
  });

  it('toggles days, keeps them once and in week order (Monday first)', () => {
    let d = presetDays('weekdays');
    d = toggleDay(d, 3);
    expect(d).toEqual([1, 2, 4, 5]);
    d = toggleDay(d, 0);
    d = toggleDay(d, 3);
    expect(d).toEqual([1, 2, 3, 4, 5, 0]);
    expect(presetDays('everyDay')).toEqual([1, 2, 3, 4, 5, 6, 0]);
    // Saved in the same order, each day once.
    const f = toForm({
      ...DEFAULTS,
      outside_hours: { ...DEFAULTS.outside_hours, days: [5, 1, 0] },
    });
    expect(f.hours.days).toEqual([1, 5, 0]);
  });

  it('words office days as ranges: 月〜金, Mon–Fri, with single days listed', () => {
    expect(daysText([1, 2, 3, 4, 5], ja)).toBe('月〜金');
    expect(daysText([1, 2, 3, 4, 5], en)).toBe('Mon–Fri');
    expect(daysText([1, 2, 3, 4, 5, 6, 0], ja)).toBe('月〜日');
    expect(daysText([1, 3, 5], ja)).toBe('月・水・金');
    expect(daysText([1, 2, 4, 5, 6], en)).toBe('Mon, Tue, Thu–Sat');
    expect(offsetText(540)).toBe('+09:00');
    expect(offsetText(-330)).toBe('-05:30');
  });
});

describe('listed users', () => {
  it('adds an entry once, refuses empty and control characters', () => {
    let r = addListedUser([], ' U-1 ');
    expect(r).toEqual({ users: ['U-1'], problem: null });
    r = addListedUser(r.users, 'U-1');
    expect(r.users).toEqual(['U-1']);
    expect(addListedUser([], '   ').problem).toEqual({ key: 'watch.invalid.user' });
    expect(addListedUser([], 'a\u0007b').problem).toEqual({ key: 'watch.invalid.user' });
    expect(addListedUser([], 'x'.repeat(255)).problem).toEqual({ key: 'watch.invalid.user' });
  });
  it('finds who is meant among thousands by name, e-mail, code or id', () => {
    const person = (id: string, name: string, mail: string, code: string) =>
      ({
        id,
        name,
        mail,
        code,
        image_url: null,
        authority: null,
        created_at: null,
        updated_at: null,
        ic_cards: [],
      }) as UserView;
    const users = [
      person('U-1', '佐藤 花子', 'hanako@example.jp', 'E001'),
      person('U-2', '佐藤 太郎', 'taro@example.jp', 'E002'),
      person('U-3', 'Anna Berg', 'anna@example.com', 'E003'),
    ];
    expect(resolveWatchedUser(users, [], 'U-3')).toEqual({ id: 'U-3', problem: null });
    expect(resolveWatchedUser(users, [], 'taro@example.jp').id).toBe('U-2');
    expect(resolveWatchedUser(users, [], 'e001').id).toBe('U-1');
    expect(resolveWatchedUser(users, [], 'anna').id).toBe('U-3');
    expect(resolveWatchedUser(users, [], '佐藤').problem).toEqual({
      key: 'watch.severalUsersMatch',
    });
    // One of the two already watched: the other is meant.
    expect(resolveWatchedUser(users, ['U-1'], '佐藤').id).toBe('U-2');
    expect(resolveWatchedUser(users, [], 'nobody').problem).toEqual({
      key: 'watch.noUserMatches',
    });
  });
  it('stops at 500', () => {
    const many = Array.from({ length: 500 }, (_, i) => `U-${i}`);
    expect(addListedUser(many, 'U-new').problem?.key).toBe('watch.invalid.tooManyUsers');
  });
});

const finding = (over: Partial<Finding> = {}): Finding => ({
  key: 'k',
  rule: 'low_battery',
  target: 'L1/lock',
  lock_id: 'L1',
  lock_name: null,
  at: '2026-11-23T01:00:00Z',
  part: 'lock',
  percent: 12,
  user_id: null,
  user_name: null,
  user_mail: null,
  locked_at: null,
  is_locked: null,
  ...over,
});
const alert = (id: number, over: Partial<AlertView> = {}, f: Partial<Finding> = {}): AlertView => ({
  id,
  raised_at: '2026-11-23T02:00:00Z',
  acknowledged_at: null,
  muted: false,
  finding: finding(f),
  ...over,
});

describe('alerts', () => {
  it('asks the store for each filter', () => {
    expect(alertQuery('open', 0, 50)).toMatchObject({ acknowledged: false, include_muted: false });
    expect(alertQuery('acknowledged', 0, 50)).toMatchObject({
      acknowledged: true,
      include_muted: false,
    });
    const muted = alertQuery('muted', 0, 50);
    expect(muted.include_muted).toBe(true);
    expect(muted.acknowledged).toBeUndefined();
  });

  it('filters: open, acknowledged, muted (stored muted, or its rule and target muted now)', () => {
    const open = alert(1);
    const acked = alert(2, { acknowledged_at: '2026-11-23T03:00:00Z' });
    const stored = alert(3, { muted: true });
    const mutedLater = alert(4, {}, { rule: 'silent_lock', target: 'L9' });
    const mutes = new Set([muteKey('silent_lock', 'L9')]);
    const pick = (f: 'open' | 'acknowledged' | 'muted') =>
      [open, acked, stored, mutedLater].filter((a) => inFilter(a, f, mutes)).map((a) => a.id);
    expect(pick('open')).toEqual([1, 4]);
    expect(pick('acknowledged')).toEqual([2]);
    expect(pick('muted')).toEqual([3, 4]);
  });

  it('lists newest raised first', () => {
    const a = alert(1, { raised_at: '2026-11-22T00:00:00Z' });
    const b = alert(2, { raised_at: '2026-11-23T00:00:00Z' });
    const c = alert(3, { raised_at: '2026-11-23T00:00:00Z' }, { at: '2026-11-23T05:00:00Z' });
    expect(newestFirst([a, b, c]).map((x) => x.id)).toEqual([3, 2, 1]);
  });

  it('words each finding from data in both languages', () => {
    const time = (iso: string) => iso.slice(11, 16);
    expect(detailText(finding({ part: 'door_sensor', percent: 8 }), ja, time)).toBe(
      'ドアセンサー：8%',
    );
    expect(detailText(finding({ part: 'nfc_reader_outside', percent: 8 }), en, time)).toBe(
      'Outside reader: 8%',
    );
    const unlocked = finding({ rule: 'unlocked_too_long', part: null, percent: null });
    expect(detailText(unlocked, ja, time)).toBe('解錠後、まだ施錠されていません');
    expect(detailText({ ...unlocked, locked_at: '2026-11-23T04:30:00Z' }, ja, time)).toBe(
      '04:30 に施錠されました',
    );
    expect(detailText(finding({ rule: 'listed_user', is_locked: true }), ja, time)).toBe(
      '指定ユーザーによる施錠',
    );
  });

  it('gives the next round only while it is ahead', () => {
    const now = Date.parse('2026-11-23T10:05:00Z');
    expect(nextRoundAt('2026-11-23T10:00:00Z', 10, now)).toBe('2026-11-23T10:10:00.000Z');
    expect(nextRoundAt('2026-11-23T09:00:00Z', 10, now)).toBeNull();
    expect(nextRoundAt(null, 10, now)).toBeNull();
  });
});
