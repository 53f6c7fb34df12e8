import { describe, expect, it } from 'vitest';
import { sortLocks, matches, weakestBattery, isLow } from '../src/lib/locks';
import { filterAccesses, historyCsv, usersIn } from '../src/lib/history';
import { parseCsv } from '../src/lib/csv';
import { tally, outcomeKey } from '../src/lib/screens/invitations/bulk';
import type { LockView, AccessView, InviteResult } from '../src/lib/backend';
import { clientKind } from '../src/lib/words';

const lock = (
  id: string,
  name: string,
  pct: number | null,
  devices: LockView['devices'] = [],
): LockView => ({
  id,
  name,
  has_name: true,
  model: id.startsWith('A') ? { kind: 'pro' } : { kind: 'ctl' },
  image_url: null,
  battery:
    pct === null
      ? null
      : { percent: pct, level: pct >= 30 ? 'ok' : pct >= 10 ? 'low' : 'critical' },
  devices,
  supports_reader_volumes: false,
  settings: {
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
  },
});

describe('locks', () => {
  const list = [
    lock('A1', 'Back', 80),
    lock('R2', 'front', null, [
      {
        kind: 'nfc_reader_inside',
        id: 'N',
        battery: { percent: 5, level: 'critical' },
        normal_volume: null,
        warning_volume: null,
      },
    ]),
    lock('A3', 'Attic', 25),
  ];
  it('sorts by name either way', () => {
    expect(sortLocks(list, 'name', 1).map((l) => l.id)).toEqual(['A3', 'A1', 'R2']);
    expect(sortLocks(list, 'name', -1).map((l) => l.id)).toEqual(['R2', 'A1', 'A3']);
  });
  it('sorts by weakest battery, including readers', () => {
    expect(sortLocks(list, 'battery', 1).map((l) => l.id)).toEqual(['R2', 'A3', 'A1']);
    expect(isLow(weakestBattery(list[1]))).toBe(true);
    expect(isLow(weakestBattery(list[0]))).toBe(false);
  });
  it('sorts by model kind', () => {
    expect(sortLocks(list, 'model', 1).map((l) => l.id)).toEqual(['R2', 'A1', 'A3']);
  });
  it('searches name and id, case-insensitively', () => {
    expect(list.filter((l) => matches(l, 'FRO')).map((l) => l.id)).toEqual(['R2']);
    expect(list.filter((l) => matches(l, 'a3')).map((l) => l.id)).toEqual(['A3']);
  });
});

const access = (user: string | null, ct: string, locked: boolean): AccessView => ({
  created_at: '2024-01-02T03:04:05.000Z',
  is_locked: locked,
  action: locked ? 'locked' : 'unlocked',
  client_type: clientKind(ct),
  user_id: user,
  user_name: user ? `Name ${user}` : null,
  user_mail: null,
  lock_id: 'A1',
  lock_name: 'Front, main',
});

describe('history', () => {
  const list = [
    access('U1', 'hand', false),
    access('U2', 'nfc_outside', false),
    access(null, 'autolock', true),
  ];
  it('filters by user, kind and action', () => {
    expect(filterAccesses(list, { user: 'U1', kind: '', action: '' })).toHaveLength(1);
    expect(filterAccesses(list, { user: '-', kind: '', action: '' })).toHaveLength(1);
    expect(filterAccesses(list, { user: '', kind: 'nfc_outside', action: '' })).toHaveLength(1);
    const odd = [...list, access('U3', 'face_id', false)];
    expect(filterAccesses(odd, { user: '', kind: 'face_id', action: '' })).toHaveLength(1);
    expect(filterAccesses(list, { user: '', kind: '', action: 'locked' })).toHaveLength(1);
    expect(usersIn(list).map((u) => u.key)).toEqual(['U1', 'U2', '-']);
  });
  it('exports CSV with a BOM and kinds in words', () => {
    const csv = historyCsv(list, 'ja', 'ja-JP', 'Asia/Tokyo');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('2024/01/02 12:04:05');
    expect(csv).toContain('手動');
    expect(csv).toContain('解錠');
    expect(csv).not.toMatch(/Unlocked|By hand/);
    expect(csv).toContain('"Front, main"');
    expect(csv.split('\r\n')).toHaveLength(5);
  });
  it('exports names that look like formulas as text', () => {
    const evil = { ...access('U9', 'hand', false), user_name: '=HYPERLINK("http://x","go")' };
    const rows = parseCsv(historyCsv([evil], 'en', 'en-US', 'UTC'));
    expect(rows[1][2]).toBe('\'=HYPERLINK("http://x","go")');
  });
});

describe('bulk invitation results', () => {
  const r = (outcome: InviteResult['outcome']): InviteResult => ({
    line: 1,
    mail: 'a@b.co',
    outcome,
    code: null,
    message: null,
    problem: null,
  });
  it('tallies sent, skipped and failed', () => {
    expect(
      tally([
        r('invited'),
        r('already_invited'),
        r('already_user'),
        r('failed'),
        r('limit_reached'),
        r('invalid'),
      ]),
    ).toEqual({
      sent: 1,
      skipped: 2,
      failed: 2,
    });
    expect(outcomeKey('not_attempted')).toBe('invites.result.notSent');
  });
});
