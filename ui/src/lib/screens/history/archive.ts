// Pure helpers for the archive part of the History screen: filters sent to the core, chart
// series, sync progress wording.
import type { DayCount, HourOfWeekCount, SyncProgress } from '../../backend';
import { localDayStart, localDayEnd } from '../../format';

export interface ArchiveForm {
  lockId: string; // '' = every lock
  from: string; // yyyy-mm-dd or ''
  to: string; // yyyy-mm-dd or ''
  user: string; // piece of a name or e-mail address
  kind: string; // '' = any client_type
  action: '' | 'locked' | 'unlocked';
}

/** The filter fields every archive command takes (flattened into its request). */
export interface ArchiveFilter {
  lock_ids: string[];
  from: string | null;
  til: string | null;
  user: string | null;
  kinds: string[];
  is_locked: boolean | null;
}

/**
 * Which organization History shows. The archive holds every lock the history sign-in sees, in
 * every organization of the account; History shows those of the organization in use (its lock
 * list), or every lock while that list is not known.
 */
export interface HistoryScope {
  /** The organization's name (or id). */
  org: string;
  lockIds: string[];
}

/** A lock id no lock has: the filter of an organization without locks ("none" would be all). */
const NO_LOCK = '';

export function archiveFilter(f: ArchiveForm, scope: HistoryScope | null = null): ArchiveFilter {
  const user = f.user.trim();
  const every = scope === null ? [] : scope.lockIds.length > 0 ? scope.lockIds : [NO_LOCK];
  return {
    lock_ids: f.lockId ? [f.lockId] : every,
    from: f.from ? localDayStart(f.from) : null,
    til: f.to ? localDayEnd(f.to) : null,
    user: user ? user : null,
    kinds: f.kind ? [f.kind] : [],
    is_locked: f.action === '' ? null : f.action === 'locked',
  };
}

/** The line saying which locks History and its exports hold: on screen, and as an export's note. */
export function scopeWords(scope: HistoryScope | null): {
  key: 'archive.scope.org' | 'archive.scope.all';
  params?: { org: string };
} {
  return scope === null
    ? { key: 'archive.scope.all' }
    : { key: 'archive.scope.org', params: { org: scope.org } };
}

/** Every day from the first to the last with records, zeros filled in (for a bar chart). */
export function dailySeries(days: DayCount[]): { dates: string[]; counts: number[] } {
  if (days.length === 0) return { dates: [], counts: [] };
  const byDate = new Map(days.map((d) => [d.date, d.count]));
  const sorted = [...byDate.keys()].sort();
  const dates: string[] = [];
  const counts: number[] = [];
  const day = new Date(`${sorted[0]}T00:00:00Z`);
  const last = new Date(`${sorted[sorted.length - 1]}T00:00:00Z`);
  // A guard against absurd ranges: at most ten years of days.
  for (let i = 0; day <= last && i < 3660; i++) {
    const key = day.toISOString().slice(0, 10);
    dates.push(key);
    counts.push(byDate.get(key) ?? 0);
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return { dates, counts };
}

/**
 * Heatmap cells `[hour, row, count]` with rows Monday (0) to Sunday (6), as office weeks are
 * read; the core numbers weekdays Sunday = 0.
 */
export function heatmapCells(hours: HourOfWeekCount[]): {
  cells: [number, number, number][];
  max: number;
} {
  let max = 0;
  const cells = hours.map((h): [number, number, number] => {
    max = Math.max(max, h.count);
    return [h.hour, (h.weekday + 6) % 7, h.count];
  });
  return { cells, max };
}

/** Done fraction 0..1 of a sync (by locks; a lock counts once its history is all fetched);
 * `null` while no lock is done yet: a first sync brings every lock abreast, newest first, so
 * the bar is indeterminate until the locks finish, and the "complete back to" line tells how
 * far it got. */
export function syncFraction(p: SyncProgress | null | undefined, finished = false): number | null {
  if (finished) return 1;
  if (!p || p.locks_total === 0 || p.locks_done === 0) return null;
  return Math.min(1, p.locks_done / p.locks_total);
}

/** `m:ss` (or `h:mm:ss`) for an estimated time left; '' while unknown. */
export function formatEta(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** Hours between first entry and last exit, one decimal; null when either is missing. */
export function workedHours(first: string | null, last: string | null): number | null {
  if (!first || !last) return null;
  const ms = Date.parse(last) - Date.parse(first);
  if (!Number.isFinite(ms) || ms < 0) return null;
  return Math.round(ms / 360_000) / 10;
}
