// The Today screen's logic, pure: which step a missing part needs, the replacement list to copy,
// the health line and the invitation to send again. Words come through `tr` (the catalogues).
import type {
  InvitationsCreateRequest,
  TodayBattery,
  TodayHealth,
  TodayInvitation,
  TodayLockDay,
  TodayMissing,
  TodayReports,
} from '../../backend';
import type { MessageKey } from '../../i18n/index.svelte';
import type { Screen } from '../../state/router.svelte';
import { codeText, isErrorCode } from '../../errors';
import { formatDate, formatDateTime } from '../../format';
import { inputRole } from '../../words/people';

export type TodayTr = (key: MessageKey, params?: Record<string, string | number>) => string;

/** What a missing part says, and the screen that has the missing step (none: nothing to open). */
export function missingStep(
  m: TodayMissing,
  tr: TodayTr,
  locale = 'en-GB',
): { text: string; screen: Screen | null; link: MessageKey | null } {
  switch (m.kind) {
    case 'history_connection':
      return {
        text: tr('today.missing.history_connection'),
        screen: 'connect',
        link: 'today.go.connect',
      };
    case 'archive_sync':
      return {
        text: tr('today.missing.archive_sync'),
        screen: 'history',
        link: 'today.go.history',
      };
    case 'archive_updating':
      return {
        text: tr('today.missing.archive_updating'),
        screen: 'history',
        link: 'today.go.history',
      };
    case 'archive_incomplete': {
      const since = m.complete.state === 'since' ? m.complete.since : null;
      return {
        text: since
          ? tr('today.missing.archive_incomplete', { date: formatDate(since, locale) })
          : tr('today.missing.archive_fetching'),
        screen: 'history',
        link: 'today.go.history',
      };
    }
    case 'failed': {
      const reason = isErrorCode(m.code)
        ? (() => {
            const c = codeText(m.code);
            return tr(c.key, c.params);
          })()
        : m.code;
      return { text: tr('today.missing.failed', { reason }), screen: null, link: null };
    }
  }
}

export const partKey = (b: TodayBattery): MessageKey => `today.part.${b.part}` as MessageKey;

/** A lock's name, or its id when it has none. */
export const lockLabel = (x: { lock_id: string; lock_name: string | null }): string =>
  x.lock_name ?? x.lock_id;

/**
 * The replacement list as plain text for the clipboard: a title with the date, then one line
 * per battery, lowest first as the core sends them. Names are service data, copied as text.
 */
export function replacementList(
  items: TodayBattery[],
  tr: TodayTr,
  locale: string,
  now: string,
  timeZone?: string,
): string {
  const lines = items.map((b) =>
    tr('today.batteries.listLine', {
      lock: lockLabel(b),
      part: tr(partKey(b)),
      percent: b.percent,
    }),
  );
  return [
    tr('today.batteries.listTitle', { date: formatDate(now, locale, timeZone) }),
    ...lines,
  ].join('\n');
}

/** The locks to show under "yesterday": only the unusual ones; the rest are counted. */
export function unusualDays(locks: TodayLockDay[]): { shown: TodayLockDay[]; usual: number } {
  const shown = locks.filter((d) => d.unusual);
  return { shown, usual: locks.length - shown.length };
}

export function formatAverage(avg: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(avg);
}

export type HealthPart = { text: string; warn: boolean; screen: Screen | null };

/** The health line in parts: history sign-in, archive, watcher. */
export function healthParts(
  // `watch_paused`: background watching paused in the desktop app (absent in the browser).
  h: TodayHealth & { watch_paused?: boolean },
  tr: TodayTr,
  locale: string,
  now: string,
  timeZone?: string,
): HealthPart[] {
  const at = (iso: string) => formatDateTime(iso, locale, timeZone).replace(/:\d\d$/, '');
  const parts: HealthPart[] = [];
  if (!h.history_profile)
    parts.push({ text: tr('today.health.historyNone'), warn: true, screen: 'connect' });
  else if (!h.history_signed_in || !h.history_expires_at)
    parts.push({ text: tr('today.health.historySignedOut'), warn: true, screen: 'sign-in' });
  else if (new Date(h.history_expires_at).getTime() <= new Date(now).getTime())
    parts.push({
      text: tr('today.health.historyExpired', { time: at(h.history_expires_at) }),
      warn: true,
      screen: 'sign-in',
    });
  else
    parts.push({
      text: tr('today.health.historyValid', { time: at(h.history_expires_at) }),
      warn: false,
      screen: null,
    });
  parts.push(
    h.archive_updating
      ? { text: tr('today.health.updating'), warn: false, screen: 'history' }
      : h.archive_synced_at
        ? {
            text: tr('today.health.synced', { time: at(h.archive_synced_at) }),
            warn: false,
            screen: 'history',
          }
        : { text: tr('today.health.neverSynced'), warn: true, screen: 'history' },
  );
  parts.push({
    text: h.watch_last_round
      ? tr('today.health.watch', { time: at(h.watch_last_round) })
      : tr('today.health.watchNever'),
    warn: false,
    screen: null,
  });
  if (h.watch_paused)
    parts.push({ text: tr('today.health.watchPaused'), warn: true, screen: 'watch' });
  if (h.watch_unacknowledged > 0)
    parts.push({
      text: tr('today.health.alerts', { n: h.watch_unacknowledged }),
      warn: true,
      screen: null,
    });
  return parts;
}

/**
 * The scheduled reports' part of the line: each run that failed (tried again at the next
 * check) or holds only what the archive reached, and the history sign-in the next run needs.
 */
export function reportParts(
  r: TodayReports,
  tr: TodayTr,
  locale: string,
  timeZone?: string,
): HealthPart[] {
  const at = (iso: string) => formatDateTime(iso, locale, timeZone).replace(/:\d\d$/, '');
  const parts: HealthPart[] = r.runs.map((run) => {
    const names = { name: run.name, period: run.period };
    if (run.error !== null) {
      const reason = isErrorCode(run.error) ? codeText(run.error) : null;
      return {
        text: tr('today.reports.failed', {
          ...names,
          reason: reason ? tr(reason.key, reason.params) : run.error,
        }),
        warn: true,
        screen: 'reports',
      };
    }
    return {
      text: tr('today.reports.incomplete', { ...names, time: at(run.archive_until ?? run.at) }),
      warn: true,
      screen: 'reports',
    };
  });
  if (r.sign_in_needed)
    parts.push({ text: tr('today.reports.signIn'), warn: true, screen: 'sign-in' });
  return parts;
}

/** The request that sends an invitation again, or null when its address is hidden or absent. */
export function inviteAgainRequest(i: TodayInvitation): InvitationsCreateRequest | null {
  if (!i.mail || i.mail_masked) return null;
  const req: InvitationsCreateRequest = { mail: i.mail, authority: inputRole(i.authority) };
  if (i.code) req.code = i.code;
  return req;
}

/** At most `max` items, and how many more there are. */
export function firstOf<T>(items: T[], max: number): { shown: T[]; more: number } {
  return { shown: items.slice(0, max), more: Math.max(0, items.length - max) };
}
