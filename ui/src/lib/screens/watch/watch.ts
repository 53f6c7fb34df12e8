// The Watch screen's logic, without Svelte: the rules form (text fields as typed, checked with
// the core's rules from crates/lockdesk-core/src/watch/settings.rs), office hours editing, the
// alert filters and the words of an alert's subject. Every problem is an i18n key + parameters.
import type { AlertQuery, AlertView, Finding, RuleKind, UserView, WatchRules } from '../../backend';
import { LIMITS as CORE } from '../../backend';
import type { MessageKey } from '../../i18n/en';
import { wholeNumber, type Problem } from '../../validate';
import { usersShown } from '../users/users';

/** The limits of `WatchRules::validate`, from the core's constants (generated into LIMITS). */
export const LIMITS = {
  interval: [CORE.watch_interval_min, CORE.watch_interval_max],
  threshold: [CORE.watch_threshold_min, CORE.watch_threshold_max],
  unlockedMinutes: [CORE.watch_unlocked_min, CORE.watch_unlocked_max],
  silentDays: [CORE.watch_silent_days_min, CORE.watch_silent_days_max],
  users: CORE.watch_listed_users_max,
  userBytes: CORE.mail_max_bytes,
} as const;

/** Days of the week as the core numbers them: 0 = Sunday … 6 = Saturday; shown from Monday. */
export const WEEK: number[] = [1, 2, 3, 4, 5, 6, 0];

/** The rules as the form edits them: numbers and times as typed. */
export type RulesForm = {
  interval: string;
  lowBattery: { enabled: boolean; threshold: string };
  unlocked: { enabled: boolean; minutes: string };
  hours: {
    enabled: boolean;
    days: number[];
    start: string;
    end: string;
    holidaysOff: boolean;
    utcOffsetMinutes: number;
  };
  listed: { enabled: boolean; users: string[] };
  silent: { enabled: boolean; days: string };
  leaver: { enabled: boolean };
};

export type FormField =
  'interval' | 'threshold' | 'unlockedMinutes' | 'days' | 'start' | 'end' | 'users' | 'silentDays';

export type FormProblems = Partial<Record<FormField, NonNullable<Problem>>>;

export function toForm(r: WatchRules): RulesForm {
  return {
    interval: String(r.interval_minutes),
    lowBattery: {
      enabled: r.low_battery.enabled,
      threshold: String(r.low_battery.threshold_percent),
    },
    unlocked: {
      enabled: r.unlocked_too_long.enabled,
      minutes: String(r.unlocked_too_long.minutes),
    },
    hours: {
      enabled: r.outside_hours.enabled,
      days: sortDays(r.outside_hours.days),
      start: r.outside_hours.start,
      end: r.outside_hours.end,
      holidaysOff: r.outside_hours.holidays_off,
      utcOffsetMinutes: r.outside_hours.utc_offset_minutes,
    },
    listed: { enabled: r.listed_users.enabled, users: [...r.listed_users.users] },
    silent: { enabled: r.silent_lock.enabled, days: String(r.silent_lock.days) },
    leaver: { enabled: r.leaver_still_user.enabled },
  };
}

/** `HH:MM` to minutes after midnight (`24:00` allowed), as the core reads it; null if not. */
export function clockMinutes(s: string): number | null {
  const m = /^([0-9]{2}):([0-9]{2})$/.exec(s.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (min > 59 || h > 24 || (h === 24 && min !== 0)) return null;
  return h * 60 + min;
}

/** Office days in the week's order (Monday first), each once, only 0–6. */
export function sortDays(days: number[]): number[] {
  return WEEK.filter((d) => days.includes(d));
}

/** Adds or takes out one office day. */
export function toggleDay(days: number[], day: number): number[] {
  return days.includes(day) ? sortDays(days.filter((d) => d !== day)) : sortDays([...days, day]);
}

/** The days of a preset: Monday to Friday, or every day. */
export function presetDays(preset: 'weekdays' | 'everyDay'): number[] {
  return preset === 'weekdays' ? [1, 2, 3, 4, 5] : [...WEEK];
}

/** Every problem of the form, by field (empty: the form can be saved). */
export function checkForm(f: RulesForm): FormProblems {
  const out: FormProblems = {};
  const put = (field: FormField, p: Problem) => {
    if (p) out[field] = p;
  };
  put('interval', wholeNumber(f.interval, LIMITS.interval));
  put('threshold', wholeNumber(f.lowBattery.threshold, LIMITS.threshold));
  put('unlockedMinutes', wholeNumber(f.unlocked.minutes, LIMITS.unlockedMinutes));
  put('silentDays', wholeNumber(f.silent.days, LIMITS.silentDays));
  if (f.hours.days.length === 0) put('days', { key: 'watch.invalid.noDays' });
  const start = clockMinutes(f.hours.start);
  const end = clockMinutes(f.hours.end);
  if (start === null) put('start', { key: 'watch.invalid.time' });
  if (end === null) put('end', { key: 'watch.invalid.time' });
  if (start !== null && end !== null && start >= end)
    put('end', { key: 'watch.invalid.endBeforeStart' });
  if (f.listed.users.length > LIMITS.users)
    put('users', { key: 'watch.invalid.tooManyUsers', params: { max: LIMITS.users } });
  return out;
}

/** The rules to save, or the problems when the form cannot be saved (nothing is sent then). */
export function fromForm(
  f: RulesForm,
): { ok: true; rules: WatchRules } | { ok: false; problems: FormProblems } {
  const problems = checkForm(f);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    rules: {
      interval_minutes: Number(f.interval.trim()),
      low_battery: {
        enabled: f.lowBattery.enabled,
        threshold_percent: Number(f.lowBattery.threshold.trim()),
      },
      unlocked_too_long: {
        enabled: f.unlocked.enabled,
        minutes: Number(f.unlocked.minutes.trim()),
      },
      outside_hours: {
        enabled: f.hours.enabled,
        days: sortDays(f.hours.days),
        start: f.hours.start.trim(),
        end: f.hours.end.trim(),
        holidays_off: f.hours.holidaysOff,
        utc_offset_minutes: f.hours.utcOffsetMinutes,
      },
      listed_users: { enabled: f.listed.enabled, users: [...f.listed.users] },
      silent_lock: { enabled: f.silent.enabled, days: Number(f.silent.days.trim()) },
      leaver_still_user: { enabled: f.leaver.enabled },
    },
  };
}

/** Adds a listed user (an id or e-mail address) once; a bad entry is the problem to show. */
export function addListedUser(
  users: string[],
  entry: string,
): { users: string[]; problem: Problem } {
  const e = entry.trim();
  // eslint-disable-next-line no-control-regex
  if (
    e === '' ||
    new TextEncoder().encode(e).length > LIMITS.userBytes ||
    /[\u0000-\u001f\u007f-\u009f]/.test(e)
  )
    return { users, problem: { key: 'watch.invalid.user' } };
  if (users.includes(e)) return { users, problem: null };
  if (users.length >= LIMITS.users)
    return { users, problem: { key: 'watch.invalid.tooManyUsers', params: { max: LIMITS.users } } };
  return { users: [...users, e], problem: null };
}

/** The people offered as the administrator types who to watch: at most this many. */
export const USER_MATCHES = 20;

/**
 * Who a typed name, e-mail, code or id means among the organization's users (not already
 * watched): their id when it names one person, else why not. An office of 20,000 is searched
 * as the Users screen searches it, never listed whole.
 */
export function resolveWatchedUser(
  users: UserView[],
  watched: string[],
  text: string,
): { id: string; problem: null } | { id: null; problem: Problem } {
  const typed = text.trim();
  const exact = users.find((u) => u.id === typed || (u.mail !== null && u.mail === typed));
  if (exact) return { id: exact.id, problem: null };
  const found = usersShown(users, typed).filter((u) => !watched.includes(u.id));
  if (found.length === 1) return { id: found[0].id, problem: null };
  return {
    id: null,
    problem: { key: found.length === 0 ? 'watch.noUserMatches' : 'watch.severalUsersMatch' },
  };
}

/** The alert list's filter. */
export type AlertFilter = 'open' | 'acknowledged' | 'muted';

/** The query of a filter. Muted alerts are stored, never raised: only "muted" lists them. */
export function alertQuery(filter: AlertFilter, offset: number, limit: number): AlertQuery {
  switch (filter) {
    case 'open':
      return { rules: [], acknowledged: false, include_muted: false, offset, limit };
    case 'acknowledged':
      return { rules: [], acknowledged: true, include_muted: false, offset, limit };
    case 'muted':
      return { rules: [], include_muted: true, offset, limit };
  }
}

/** A mute's identity: the rule and the finding's target. */
export const muteKey = (rule: RuleKind, target: string) => `${rule}\u0000${target}`;

/**
 * Whether an alert belongs in the list of a filter. "muted" keeps the alerts stored while muted
 * and those whose rule and target are muted now (raised before the mute).
 */
export function inFilter(a: AlertView, filter: AlertFilter, muted: Set<string>): boolean {
  const isMuted = a.muted || muted.has(muteKey(a.finding.rule, a.finding.target));
  if (filter === 'muted') return isMuted;
  if (filter === 'acknowledged') return a.acknowledged_at != null;
  return a.acknowledged_at == null && !a.muted;
}

/** When the next round is due (the last round plus the interval), if that is still ahead. */
export function nextRoundAt(
  lastAt: string | null | undefined,
  intervalMinutes: number,
  now: number,
): string | null {
  if (!lastAt) return null;
  const next = Date.parse(lastAt) + intervalMinutes * 60_000;
  return Number.isNaN(next) || next <= now ? null : new Date(next).toISOString();
}

/** Newest raised first, then newest event (the store's order, kept when lists are merged). */
export function newestFirst(alerts: AlertView[]): AlertView[] {
  return [...alerts].sort(
    (a, b) =>
      Date.parse(b.raised_at) - Date.parse(a.raised_at) ||
      Date.parse(b.finding.at) - Date.parse(a.finding.at) ||
      b.id - a.id,
  );
}

/** Words by key, as `t` gives them (passed in so tests can choose the language). */
export type Words = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * Office days in words, Monday first: runs of three or more days as a range ("Mon–Fri",
 * "月〜金"), the others listed.
 */
export function daysText(days: number[], w: Words): string {
  const order = sortDays(days);
  const parts: string[] = [];
  let i = 0;
  while (i < order.length) {
    let j = i;
    while (j + 1 < order.length && WEEK.indexOf(order[j + 1]) === WEEK.indexOf(order[j]) + 1) j++;
    const name = (d: number) => w(`watch.day.${d}` as MessageKey);
    if (j - i >= 2) parts.push(w('watch.dayRange', { from: name(order[i]), to: name(order[j]) }));
    else for (let k = i; k <= j; k++) parts.push(name(order[k]));
    i = j + 1;
  }
  return parts.join(w('watch.daySeparator'));
}

/** What a finding is about, beyond its lock and user, in words (`time` formats a time). */
export function detailText(f: Finding, w: Words, time: (iso: string) => string): string {
  switch (f.rule) {
    case 'low_battery':
      return w('watch.detail.battery', {
        part: w(`watch.part.${f.part ?? 'lock'}` as MessageKey),
        percent: f.percent ?? '—',
      });
    case 'unlocked_too_long':
      return f.locked_at
        ? w('watch.detail.lockedAt', { time: time(f.locked_at) })
        : w('watch.detail.stillUnlocked');
    case 'outside_hours':
      return w('watch.detail.outside');
    case 'listed_user':
      return w(f.is_locked ? 'watch.detail.listedLocked' : 'watch.detail.listedUnlocked');
    case 'silent_lock':
      // `at` is the lock's last archived record.
      return w('watch.detail.silentSince', { time: time(f.at) });
    case 'leaver_still_user':
      return w('watch.detail.leaver');
  }
}
