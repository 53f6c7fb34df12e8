// Daily use of Locks, Users and Invitations: battery cells naming their device, the low-battery
// filter, the user search and "1–25 of N", the invitation order and "Expires in", "invite again",
// one toast at a time, and the table keyboard (↑/↓, Enter, Esc, `/`).
import { describe, expect, it } from 'vitest';
import type { Battery, InvitationView, LockView, UserView } from '../src/lib/backend';
import {
  batteries,
  hasLowBattery,
  lowBatteries,
  weakestPlaced,
} from '../src/lib/screens/locks/locks';
import { tableKey } from '../src/lib/tablekeys';
import { fold, userMatches, userPage } from '../src/lib/screens/users/users';
import {
  expiresIn,
  inviteAgainRequest,
  isExpired,
  isWaiting,
  sortInvitations,
} from '../src/lib/screens/invitations/invitations';
import { toast, toasts } from '../src/lib/state/toasts.svelte';
import { translate } from '../src/lib/i18n/index.svelte';

const bat = (percent: number): Battery => ({
  percent,
  level: percent < 10 ? 'critical' : percent < 30 ? 'low' : 'ok',
});

function lock(body: number | null, devices: [string, number | null][] = []): LockView {
  return {
    id: 'A0000001',
    name: 'Front door',
    has_name: true,
    model: { kind: 'pro' },
    image_url: null,
    battery: body === null ? null : bat(body),
    devices: devices.map(([kind, p]) => ({
      kind: kind as LockView['devices'][number]['kind'],
      id: null,
      battery: p === null ? null : bat(p),
      normal_volume: null,
      warning_volume: null,
    })),
    supports_reader_volumes: false,
    settings: {} as LockView['settings'],
  };
}

describe('battery cells name their device', () => {
  it('a lock at 87% with its inside reader at 25% reads "Inside reader 25%"', () => {
    const l = lock(87, [
      ['nfc_reader_inside', 25],
      ['nfc_reader_outside', 60],
      ['door_sensor', null],
    ]);
    const w = weakestPlaced(l)!;
    expect(w).toEqual({ place: 'nfc_reader_inside', battery: bat(25) });
    expect(batteries(l).map((b) => b.place)).toEqual([
      'lock',
      'nfc_reader_inside',
      'nfc_reader_outside',
    ]);
    expect(
      translate('en', 'locks.battery.cell', {
        device: translate('en', 'lock.readerInside'),
        percent: w.battery.percent,
      }),
    ).toBe('Inside reader 25%');
    expect(
      translate('ja', 'locks.battery.cell', {
        device: translate('ja', 'lock.readerInside'),
        percent: 25,
      }),
    ).toBe('室内側リーダー 25%');
  });
  it('the lock body when it is the weakest, and on a tie', () => {
    expect(weakestPlaced(lock(12, [['door_sensor', 40]]))?.place).toBe('lock');
    expect(weakestPlaced(lock(40, [['door_sensor', 40]]))?.place).toBe('lock');
    expect(weakestPlaced(lock(null, [['door_sensor', 5]]))?.place).toBe('door_sensor');
    expect(weakestPlaced(lock(null))).toBeNull();
  });
  it('lists every low battery, weakest first; the filter keeps locks with any', () => {
    const l = lock(80, [
      ['nfc_reader_inside', 25],
      ['nfc_reader_outside', 8],
      ['door_sensor', 90],
    ]);
    expect(lowBatteries(l).map((b) => [b.place, b.battery.percent])).toEqual([
      ['nfc_reader_outside', 8],
      ['nfc_reader_inside', 25],
    ]);
    expect(hasLowBattery(l)).toBe(true);
    expect(hasLowBattery(lock(87, [['nfc_reader_inside', 30]]))).toBe(false);
    // Low on a device only: the lock body's 87% does not hide it.
    expect(hasLowBattery(lock(87, [['door_sensor', 29]]))).toBe(true);
  });
});

function user(id: string, name: string, mail: string | null = null, code: string | null = null) {
  return {
    id,
    name,
    mail,
    code,
    image_url: null,
    authority: { kind: 'member' },
    created_at: null,
    updated_at: null,
    ic_cards: [],
  } as UserView;
}

describe('users: search by name, e-mail or code; "1–25 of N"', () => {
  const many = Array.from({ length: 60 }, (_, i) =>
    user(`U-aaaaa-${String(i).padStart(5, '0')}`, `Person ${i}`, `p${i}@example.com`, `C${i}`),
  );
  it('matches the name (any case, full-width, spaces aside), e-mail, code and id', () => {
    const sato = user('U-bbbbb-00001', '佐藤 花子', 'hanako@example.jp', 'E042');
    expect(userMatches(sato, '佐藤')).toBe(true);
    expect(userMatches(sato, '佐藤 花子')).toBe(true);
    expect(userMatches(sato, '佐藤花子')).toBe(true);
    expect(userMatches(sato, 'HANAKO@')).toBe(true);
    expect(userMatches(sato, 'ｅ０４２')).toBe(true);
    expect(userMatches(sato, 'U-bbbbb')).toBe(true);
    expect(userMatches(sato, '鈴木')).toBe(false);
    expect(fold('  Ｓａｔｏ   Hanako ')).toBe('sato hanako');
  });
  it('never matches across two fields, nor a control character typed or pasted', () => {
    // The name's end and the e-mail's start together are no match.
    const sato = user('U-bbbbb-00001', '佐藤 花子', 'hanako@example.jp', 'E042');
    expect(userMatches(sato, '花子hanako')).toBe(false);
    expect(userMatches(sato, '花子 hanako')).toBe(false);
    expect(userMatches(sato, '花子\u0000hanako')).toBe(false);
    expect(userMatches(sato, 'e042\u0000u-bbbbb')).toBe(false);
    // A name from the service holding a control character is still found by its letters.
    expect(userMatches(user('U-c', 'Ann\u0007a Berg', null, null), 'anna')).toBe(true);
    expect(fold('a\tb\u0000c')).toBe('a bc');
  });
  it('counts pages of the matches', () => {
    expect(userPage(many, '', 0, 25)).toMatchObject({ first: 1, last: 25, total: 60, pages: 3 });
    const last = userPage(many, '', 2, 25);
    expect(last).toMatchObject({ first: 51, last: 60, total: 60, page: 2 });
    expect(last.rows).toHaveLength(10);
    // A page past the end (after a search narrowed the list) shows the last one there is.
    expect(userPage(many, 'person 1', 5, 25)).toMatchObject({ first: 1, last: 11, total: 11 });
    expect(userPage(many, 'nobody', 0, 25)).toMatchObject({ first: 0, last: 0, total: 0 });
    // One user group's people, and the search within them.
    const group = new Set(many.slice(0, 15).map((u) => u.id));
    const inGroup = userPage(many, '', 0, 25, group);
    expect(inGroup).toMatchObject({ first: 1, last: 15, total: 15 });
    expect(inGroup.rows.every((u) => group.has(u.id))).toBe(true);
    expect(userPage(many, many[20].name, 0, 25, group).total).toBe(0);
    expect(userPage(many, many[3].name, 0, 25, group).rows.map((u) => u.id)).toContain(many[3].id);
    expect(userPage(many, '', 0, 25, new Set())).toMatchObject({ total: 0 });
    expect(translate('en', 'users.range', { first: 1, last: 25, total: 60 })).toBe('1–25 of 60');
    expect(translate('ja', 'users.range', { first: 1, last: 25, total: 60 })).toBe(
      '60 人中 1〜25 人目',
    );
  });
  it('the remove confirmation names the person and what they lose', () => {
    const en = translate('en', 'users.removeConfirm', { name: 'Sato Hanako' });
    expect(en).toContain('Sato Hanako loses access to every door now');
    const ja = translate('ja', 'users.removeConfirm', { name: '佐藤 花子' });
    expect(ja).toContain('佐藤 花子 さん');
    expect(ja).toContain('すべての扉');
    expect(ja).not.toContain('あなた');
  });
});

const NOW = Date.parse('2026-11-23T09:00:00Z');
const h = (n: number) => new Date(NOW + n * 3_600_000).toISOString();
function inv(
  id: string,
  issuedHoursAgo: number,
  state: 'active' | 'expired',
  mail: string | null = `${id}@example.com`,
  extra: Partial<InvitationView> = {},
): InvitationView {
  return {
    id,
    mail,
    mail_masked: false,
    authority: { kind: 'member' },
    code: null,
    status: { kind: state },
    issued_at: h(-issuedHoursAgo),
    expires_at: h(-issuedHoursAgo + 7 * 24),
    ...extra,
  };
}

describe('invitations: waiting first, newest first, expires in, invite again', () => {
  const list = [
    inv('old-expired', 24 * 9, 'expired'),
    inv('old-waiting', 24 * 5, 'active'),
    inv('new-expired', 24 * 8, 'expired'),
    inv('new-waiting', 2, 'active'),
  ];
  it('orders waiting ones first, each group newest first', () => {
    expect(sortInvitations(list, NOW).map((i) => i.id)).toEqual([
      'new-waiting',
      'old-waiting',
      'new-expired',
      'old-expired',
    ]);
  });
  it('an "active" invitation past its expiry counts as expired', () => {
    const stale = inv('stale', 24 * 8, 'active');
    expect(isWaiting(stale, NOW)).toBe(false);
    expect(isExpired(stale, NOW)).toBe(true);
    expect(sortInvitations([stale, ...list], NOW)[0].id).toBe('new-waiting');
  });
  it('says the time left or since expiry in whole units', () => {
    expect(expiresIn(h(50), NOW)).toEqual({ kind: 'in', unit: 'days', n: 2 });
    expect(expiresIn(h(5.5), NOW)).toEqual({ kind: 'in', unit: 'hours', n: 5 });
    expect(expiresIn(h(0.25), NOW)).toEqual({ kind: 'in', unit: 'minutes', n: 15 });
    expect(expiresIn(h(-30), NOW)).toEqual({ kind: 'ago', unit: 'days', n: 1 });
    expect(expiresIn(null, NOW)).toEqual({ kind: 'none' });
    expect(translate('ja', 'invites.in.days', { n: 3 })).toBe('あと 3 日');
  });
  it('offers "invite again" on expired rows only, with the same role and code', () => {
    const boss = inv('boss', 24 * 8, 'expired', 'boss@example.com', {
      authority: { kind: 'manager' },
      code: 'M1',
    });
    expect(inviteAgainRequest(boss, [boss], NOW)).toEqual({
      mail: 'boss@example.com',
      authority: 'manager',
      code: 'M1',
    });
    expect(inviteAgainRequest(list[3], list, NOW)).toBeNull();
    // Hidden address, or another invitation to the address already waiting: nothing to send.
    expect(inviteAgainRequest({ ...boss, mail_masked: true }, [boss], NOW)).toBeNull();
    const waiting = inv('boss-again', 1, 'active', 'boss@example.com');
    expect(inviteAgainRequest(boss, [boss, waiting], NOW)).toBeNull();
  });
});

describe('toasts', () => {
  it('one at a time: the newest replaces the one shown', () => {
    toast('first');
    toast('second');
    toast({ key: 'users.saved' });
    expect(toasts).toHaveLength(1);
    expect(toasts[0].message).toEqual({ key: 'users.saved' });
  });
});

describe('table keyboard', () => {
  it('↑/↓ move within the rows, Home/End jump, from nothing to the first', () => {
    expect(tableKey('ArrowDown', -1, 5)).toEqual({ kind: 'move', index: 0 });
    expect(tableKey('ArrowDown', 2, 5)).toEqual({ kind: 'move', index: 3 });
    expect(tableKey('ArrowDown', 4, 5)).toEqual({ kind: 'move', index: 4 });
    expect(tableKey('ArrowUp', 0, 5)).toEqual({ kind: 'move', index: 0 });
    expect(tableKey('ArrowUp', 3, 5)).toEqual({ kind: 'move', index: 2 });
    expect(tableKey('End', 0, 5)).toEqual({ kind: 'move', index: 4 });
    expect(tableKey('Home', 4, 5)).toEqual({ kind: 'move', index: 0 });
    expect(tableKey('ArrowDown', -1, 0)).toEqual({ kind: 'none' });
  });
  it('Enter opens the focused row, Esc closes an open drawer, / searches', () => {
    expect(tableKey('Enter', 3, 5)).toEqual({ kind: 'open', index: 3 });
    expect(tableKey('Enter', -1, 5)).toEqual({ kind: 'none' });
    expect(tableKey('Escape', 3, 5, false, true)).toEqual({ kind: 'close' });
    expect(tableKey('Escape', 3, 5, false, false)).toEqual({ kind: 'none' });
    expect(tableKey('/', 3, 5)).toEqual({ kind: 'search' });
  });
  it('while typing only Esc belongs to the table', () => {
    expect(tableKey('/', -1, 5, true)).toEqual({ kind: 'none' });
    expect(tableKey('ArrowDown', -1, 5, true)).toEqual({ kind: 'none' });
    expect(tableKey('Enter', 1, 5, true)).toEqual({ kind: 'none' });
    expect(tableKey('Escape', -1, 5, true, true)).toEqual({ kind: 'close' });
  });
});
