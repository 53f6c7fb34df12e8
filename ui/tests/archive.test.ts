import { describe, expect, it } from 'vitest';
import {
  archiveFilter,
  dailySeries,
  formatEta,
  heatmapCells,
  scopeWords,
  syncFraction,
  workedHours,
} from '../src/lib/screens/history/archive';
import { translate } from '../src/lib/i18n/index.svelte';

describe('archive helpers', () => {
  it('builds the filter the core takes', () => {
    const f = archiveFilter({
      lockId: 'L1',
      from: '',
      to: '',
      user: '  tan ',
      kind: 'nfc_outside',
      action: 'locked',
    });
    expect(f).toEqual({
      lock_ids: ['L1'],
      from: null,
      til: null,
      user: 'tan',
      kinds: ['nfc_outside'],
      is_locked: true,
    });
    const any = archiveFilter({
      lockId: '',
      from: '2026-01-02',
      to: '2026-01-03',
      user: '',
      kind: '',
      action: '',
    });
    expect(any.lock_ids).toEqual([]);
    expect(any.user).toBeNull();
    expect(any.is_locked).toBeNull();
    expect(any.from && any.til && Date.parse(any.from) < Date.parse(any.til)).toBe(true);
    expect(
      archiveFilter({ lockId: '', from: '', to: '', user: '', kind: '', action: 'unlocked' })
        .is_locked,
    ).toBe(false);
  });

  it('shows the organization in use: its locks by default, and says so', () => {
    const blank = { lockId: '', from: '', to: '', user: '', kind: '', action: '' } as const;
    const scope = { org: '本社', lockIds: ['L1', 'L2'] };
    expect(archiveFilter(blank, scope).lock_ids).toEqual(['L1', 'L2']);
    // One lock chosen: that lock; an organization without locks: none (not every lock).
    expect(archiveFilter({ ...blank, lockId: 'L2' }, scope).lock_ids).toEqual(['L2']);
    expect(archiveFilter(blank, { org: '支店', lockIds: [] }).lock_ids).toEqual(['']);
    // Its list not known yet: every lock, and the caption says so.
    expect(archiveFilter(blank, null).lock_ids).toEqual([]);
    const words = (s: ReturnType<typeof scopeWords>, lang: 'en' | 'ja') =>
      translate(lang, s.key, s.params);
    expect(words(scopeWords(scope), 'en')).toBe(
      'Records of the locks of 本社, the organization in use.',
    );
    expect(words(scopeWords(scope), 'ja')).toBe('使用中の組織「本社」の錠の記録です。');
    expect(words(scopeWords(null), 'en')).toContain('in every organization of the account');
    expect(words(scopeWords(null), 'ja')).toContain('すべての組織');
  });

  it('fills missing days with zeros', () => {
    const s = dailySeries([
      { date: '2026-02-27', count: 3 },
      { date: '2026-03-02', count: 1 },
    ]);
    expect(s.dates).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(s.counts).toEqual([3, 0, 0, 1]);
    expect(dailySeries([])).toEqual({ dates: [], counts: [] });
  });

  it('puts Monday first in the heatmap', () => {
    const h = heatmapCells([
      { weekday: 0, hour: 9, count: 2 },
      { weekday: 1, hour: 23, count: 5 },
    ]);
    expect(h.cells).toEqual([
      [9, 6, 2],
      [23, 0, 5],
    ]);
    expect(h.max).toBe(5);
  });

  it('words progress and time left', () => {
    const p = {
      locks_total: 4,
      locks_done: 1,
      records: 0,
      new_records: 0,
      pages: 0,
      requests: 0,
      page_size: 100,
      estimated_seconds_left: null,
      complete: { state: 'nothing' as const },
    };
    expect(syncFraction(p)).toBe(0.25);
    expect(syncFraction(null)).toBeNull();
    expect(syncFraction({ ...p, locks_done: 0 })).toBeNull();
    expect(syncFraction(p, true)).toBe(1);
    expect(formatEta(null)).toBe('');
    expect(formatEta(65.2)).toBe('1:06');
    expect(formatEta(3725)).toBe('1:02:05');
    expect(workedHours('2026-01-01T09:00:00Z', '2026-01-01T17:30:00Z')).toBe(8.5);
    expect(workedHours(null, '2026-01-01T17:30:00Z')).toBeNull();
  });
});
