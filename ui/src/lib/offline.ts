// Offline reading, as plain logic: which answers say the service could not be reached (the
// core marks list answers read from its offline cache with `cached`), and the "as of" time in
// the banner's format (2026/11/23 09:12, local time).

/** The commands whose answers carry `cached` when read from the offline cache. */
export const CACHED_LISTS: readonly string[] = [
  'locks_list',
  'lock_groups_list',
  'users_list',
  'invitations_list',
  'user_groups_list',
];

export interface OfflineState {
  active: boolean;
  /** The oldest "as of" among the cached answers shown since going offline (RFC 3339). */
  asOf: string | null;
}

/**
 * The state after the answer `res` of `cmd`: a cached list answer makes it offline (as of the
 * oldest answer shown), a fresh list answer online again; other answers change nothing.
 */
export function afterAnswer(state: OfflineState, cmd: string, res: unknown): OfflineState {
  if (!CACHED_LISTS.includes(cmd) || res === null || typeof res !== 'object') return state;
  const cached = (res as { cached?: { as_of: string } | null }).cached;
  if (!cached) return { active: false, asOf: null };
  const older =
    state.active && state.asOf && Date.parse(state.asOf) < Date.parse(cached.as_of)
      ? state.asOf
      : cached.as_of;
  return { active: true, asOf: older };
}

/** `2026/11/23 09:12` in local time (or in `timeZone`). */
export function asOfText(iso: string | null, timeZone?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(d);
  const p = (type: string) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('year')}/${p('month')}/${p('day')} ${p('hour')}:${p('minute')}`;
}
