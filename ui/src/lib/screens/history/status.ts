// What History says about its own state in one line each: how long the history (v2) sign-in
// lasts, and the archive's size and last sync. Pure functions; the words are in
// history.{en,ja}.ts and the caller passes the clock.
import type { Completeness, HistorySyncStatusResponse, TeamArchiveView } from '../../backend';
import { formatDate } from '../../format';
import type { MessageKey } from '../../i18n/en';

export interface Worded {
  key: MessageKey;
  params: Record<string, string | number>;
}

/** The history sign-in as History shows it. */
export type V2State =
  | { kind: 'none' } // no history connection, or never signed in
  | { kind: 'expired' }
  | { kind: 'left'; hours: number; minutes: number };

/** Where the history sign-in stands at `now` (ms). Minutes are rounded down, never to "0 min"
 * while time is left (a sign-in with 20 s left reads "1 min left" until it expires). */
export function v2State(signedIn: boolean, expiresAt: string | null, now: number): V2State {
  if (!signedIn && !expiresAt) return { kind: 'none' };
  if (!expiresAt) return signedIn ? { kind: 'none' } : { kind: 'expired' };
  const t = new Date(expiresAt).getTime();
  if (Number.isNaN(t)) return { kind: 'none' };
  const left = t - now;
  if (left <= 0 || !signedIn) return { kind: 'expired' };
  const total = Math.max(1, Math.floor(left / 60_000));
  return { kind: 'left', hours: Math.floor(total / 60), minutes: total % 60 };
}

/** The sign-in line: "History sign-in: 1 h 12 min left" / "… has expired". */
export function v2Line(s: V2State): Worded {
  if (s.kind === 'expired') return { key: 'history.v2.expired', params: {} };
  if (s.kind === 'none') return { key: 'history.v2.none', params: {} };
  if (s.hours === 0) return { key: 'history.v2.leftMin', params: { m: s.minutes } };
  return { key: 'history.v2.left', params: { h: s.hours, m: s.minutes } };
}

/** Whether History may sync on its own: a history sign-in that is still valid. */
export function canSync(s: V2State): boolean {
  return s.kind === 'left';
}

/** How far back the archive is complete, when not to the first record: "Complete back to
 * 2026/10/12; older records are still being fetched" (while a sync runs). `null`: nothing to
 * say (complete, or nothing held yet: the archive line says that). */
export function completeLine(
  c: Completeness | null | undefined,
  syncing: boolean,
  locale: string,
): Worded | null {
  if (!c || c.state !== 'since') return null;
  return {
    key: syncing ? 'history.complete.fetching' : 'history.complete.partial',
    params: { date: formatDate(c.since, locale) },
  };
}

/** The end of the newest completed sync of any lock, else when this run's last sync ended. */
export function lastSynced(st: HistorySyncStatusResponse | null): string | null {
  if (!st) return null;
  let best: string | null = null;
  for (const l of st.locks)
    if (l.synced_until && (best === null || Date.parse(l.synced_until) > Date.parse(best)))
      best = l.synced_until;
  return best ?? st.last?.finished_at ?? null;
}

/** "09:12" when `iso` is on the same local day as `now`, else "2026/11/22 09:12" (ja) or
 * "22/11/2026 09:12" (en). */
export function shortTime(iso: string, locale: string, now: Date, timeZone?: string): string {
  const d = new Date(iso);
  const day = (x: Date) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(x);
  const hm = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone,
  }).format(d);
  if (day(d) === day(now)) return hm;
  const date = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(d);
  return `${date} ${hm}`;
}

/** The archive's status line: "Archive: 12,345 records, synced 09:12" (or "never synced"). */
export function archiveLine(
  st: HistorySyncStatusResponse | null,
  locale: string,
  now: Date,
  timeZone?: string,
): Worded {
  if (st?.updating) return { key: 'history.archive.updating', params: {} };
  const n = (st?.records ?? 0).toLocaleString(locale);
  const at = lastSynced(st);
  if (!at) return { key: 'history.archive.never', params: { n } };
  return {
    key: 'history.archive.line',
    params: { n, time: shortTime(at, locale, now, timeZone) },
  };
}

/** What the last sync did with the team's archive, when this computer has a team: synced here
 * for the team, another computer syncing now, or synced by another (then taken in here). */
export function teamLine(
  team: TeamArchiveView | null | undefined,
  locale: string,
  now: Date,
  timeZone?: string,
): Worded | null {
  if (!team) return null;
  const taken = team.taken_in.toLocaleString(locale);
  if (team.synced_here)
    return {
      key: 'history.team.here',
      params: { given: team.given.toLocaleString(locale), taken },
    };
  if (team.syncing)
    return { key: 'history.team.syncing', params: { computer: team.syncing, taken } };
  return {
    key: 'history.team.by',
    params: {
      computer: team.synced_by ?? '—',
      time: team.synced_at ? shortTime(team.synced_at, locale, now, timeZone) : '—',
      taken,
    },
  };
}

/** The sync's progress while it runs; null once it has stopped (then the outcome speaks alone,
 * never "Syncing…" beside "Sync cancelled"). */
export function syncingLine(
  state: string | null | undefined,
  p: { locks_done: number; locks_total: number; records: number } | null | undefined,
  locale = 'en-GB',
): Worded | null {
  if (state !== 'running') return null;
  return {
    key: 'history.sync.running',
    params: {
      done: p?.locks_done ?? 0,
      total: p?.locks_total ?? 0,
      records: (p?.records ?? 0).toLocaleString(locale),
    },
  };
}
