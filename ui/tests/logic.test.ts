import { describe, expect, it } from 'vitest';
import { sortLocks, matches, weakestBattery, isLow } from '../src/lib/screens/locks/locks';
import { tally, outcomeKey } from '../src/lib/screens/invitations/bulk';
import type { LockView, InviteResult } from '../src/lib/backend';

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

describe('bulk invitation results', () => {
  const r = (outcome: InviteResult['outcome']): InviteResult => ({
    line: 1,
    mail: 'a@b.co',
    outcome,
    code: null,
    message: null,
    problem: null,
    answer_lost: false,
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
