// History's status lines: the history sign-in's remaining time, the archive line, the sync line.
import { describe, expect, it } from 'vitest';
import type { HistorySyncStatusResponse } from '../src/lib/backend';
import {
  archiveLine,
  canSync,
  completeLine,
  lastSynced,
  syncingLine,
  teamLine,
  v2Line,
  v2State,
} from '../src/lib/screens/history/status';
import { translate } from '../src/lib/i18n/index.svelte';

const NOW = Date.parse('2026-11-23T09:00:00Z');
const at = (min: number) => new Date(NOW + min * 60_000).toISOString();
const words = (w: {
  key: Parameters<typeof translate>[1];
  params: Record<string, string | number>;
}) => (['en', 'ja'] as const).map((l) => translate(l, w.key, w.params));

function status(over: Partial<HistorySyncStatusResponse> = {}): HistorySyncStatusResponse {
  return {
    records: 0,
    oldest: null,
    newest: null,
    locks: [],
    complete: { state: 'nothing' },
    running: null,
    last: null,
    team: null,
    updating: false,
    ...over,
  };
}
const lock = (synced_until: string | null) => ({
  lock_id: 'A1',
  name: 'Front',
  records: 1,
  last_record_at: null,
  synced_until,
  complete: { state: 'nothing' as const },
  state: 'idle' as const,
});

describe('history sign-in line', () => {
  it('says the remaining hours and minutes, in both languages', () => {
    const s = v2State(true, at(72), NOW);
    expect(s).toEqual({ kind: 'left', hours: 1, minutes: 12 });
    const [en, ja] = words(v2Line(s));
    expect(en).toBe('History sign-in: 1 h 12 min left');
    expect(ja).toBe('履歴用サインイン：残り 1 時間 12 分');
    expect(canSync(s)).toBe(true);
  });
  it('says minutes alone under an hour, and never "0 min" while time is left', () => {
    expect(words(v2Line(v2State(true, at(45), NOW)))[0]).toBe('History sign-in: 45 min left');
    expect(v2State(true, new Date(NOW + 20_000).toISOString(), NOW)).toEqual({
      kind: 'left',
      hours: 0,
      minutes: 1,
    });
  });
  it('says plainly when it has expired, and then does not sync', () => {
    const s = v2State(true, at(-1), NOW);
    expect(s.kind).toBe('expired');
    expect(canSync(s)).toBe(false);
    const [en, ja] = words(v2Line(s));
    expect(en).toMatch(/has expired/);
    expect(ja).toContain('有効期限が切れました');
    // Tokens gone but an expiry known: expired too.
    expect(v2State(false, at(30), NOW).kind).toBe('expired');
  });
  it('without a history sign-in at all says one is needed', () => {
    expect(v2State(false, null, NOW)).toEqual({ kind: 'none' });
    expect(canSync({ kind: 'none' })).toBe(false);
  });
});

describe('archive status line', () => {
  it('counts the records with separators and gives the newest sync time of the day', () => {
    const st = status({ records: 12345, locks: [lock(at(-120)), lock(at(-48)), lock(null)] });
    expect(lastSynced(st)).toBe(at(-48));
    const w = archiveLine(st, 'en-GB', new Date(NOW), 'UTC');
    expect(translate('en', w.key, w.params)).toBe('Archive: 12,345 records, synced 08:12');
    const j = archiveLine(st, 'ja-JP', new Date(NOW), 'Asia/Tokyo');
    expect(translate('ja', j.key, j.params)).toBe('保存済みの記録：12,345 件（17:12 に同期）');
  });
  it('adds the date when the last sync was on another day (2026/11/22 in Japanese)', () => {
    const st = status({ records: 3, locks: [lock('2026-11-22T00:30:00Z')] });
    const j = archiveLine(st, 'ja-JP', new Date(NOW), 'Asia/Tokyo');
    expect(translate('ja', j.key, j.params)).toContain('2026/11/22 09:30');
  });
  it('says the archive is being updated, and nothing of its records, while it is', () => {
    const st = status({ updating: true, records: 0, locks: [lock(at(-48))] });
    expect(words(archiveLine(st, 'ja-JP', new Date(NOW), 'Asia/Tokyo'))).toEqual([
      'Updating the archive for this version of Lockdesk. This happens once; a large archive takes a minute or two.',
      'このバージョンの Lockdesk に合わせて記録の保存形式を更新しています。更新は一度だけで、記録が多いと1〜2分かかります。',
    ]);
  });
  it('says never synced for an empty archive', () => {
    const w = archiveLine(status(), 'en-GB', new Date(NOW), 'UTC');
    expect(translate('en', w.key, w.params)).toBe('Archive: 0 records, never synced');
  });
});

describe('complete line', () => {
  const since = { state: 'since' as const, since: '2026-10-12T03:00:00Z', until: at(0) };
  it('says from when on the archive is complete while older records come', () => {
    expect(words(completeLine(since, true, 'ja-JP')!)).toEqual([
      'Complete back to 2026/10/12; older records are still being fetched.',
      '2026/10/12以降の記録はそろっています。それより前の記録は取得中です。',
    ]);
    const idle = completeLine(since, false, 'en-GB')!;
    expect(translate('en', idle.key, idle.params)).toBe(
      'Complete back to 12/10/2026; older records have not been fetched yet. Sync to fetch them.',
    );
  });
  it('says nothing when the archive is whole or holds nothing yet', () => {
    expect(completeLine({ state: 'whole', until: at(0) }, true, 'en-GB')).toBeNull();
    expect(completeLine({ state: 'nothing' }, true, 'en-GB')).toBeNull();
    expect(completeLine(null, false, 'en-GB')).toBeNull();
  });
});

describe('sync line', () => {
  const p = { locks_done: 2, locks_total: 5, records: 1300 };
  it('shows progress only while the sync runs: never "Syncing" once it stopped', () => {
    expect(words(syncingLine('running', p)!)[0]).toBe('Syncing 2 of 5 locks · 1,300 records');
    for (const s of ['cancelled', 'finished', 'stopped', null])
      expect(syncingLine(s, p)).toBeNull();
  });
});

describe('teamLine', () => {
  const team = {
    synced_here: false,
    syncing: null,
    synced_by: null,
    synced_at: null,
    taken_in: 1234,
    given: 0,
  };
  it('says nothing without a team', () => {
    expect(teamLine(null, 'en-GB', new Date(NOW))).toBeNull();
  });
  it('says what the sync did with the team archive, in both languages', () => {
    const here = teamLine({ ...team, synced_here: true, given: 56 }, 'en-GB', new Date(NOW))!;
    expect(words(here)).toEqual([
      'Synced here for the team: 56 records given to the team, 1,234 taken in.',
      'このパソコンがチームのアーカイブを同期しました。チームに 56 件を渡し、1,234 件を取り込みました。',
    ]);
    const syncing = teamLine({ ...team, syncing: 'PC-SOUMU1' }, 'en-GB', new Date(NOW))!;
    expect(words(syncing)[0]).toBe(
      "PC-SOUMU1 is syncing the team's archive now: 1,234 records taken in, the rest at the next sync.",
    );
    const by = teamLine(
      { ...team, synced_by: 'PC-SOUMU2', synced_at: at(-5) },
      'ja-JP',
      new Date(NOW),
      'UTC',
    )!;
    expect(words(by)[1]).toBe(
      'チームのアーカイブは PC-SOUMU2 が 08:55 に同期しました。1,234 件を取り込みました。',
    );
  });
});
