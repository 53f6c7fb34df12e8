// The journal part of the Account screen, without Svelte: the retention as typed, checked with
// the core's bounds (KEEP_DAYS in crates/lockdesk-core/src/journal/retention.rs), and the
// journal's size and what a change of retention did, in words.
import { LIMITS, type ActivityRetentionResponse, type ActivityStorageView } from '../../backend';
import type { MessageKey } from '../../i18n/en';
import { formatBytes, formatDateTime } from '../../format';
import { wholeNumber, type Problem } from '../../validate';

/** The core's `KEEP_DAYS` (generated into LIMITS): a day to ten years. */
export const KEEP_DAYS = [LIMITS.journal_keep_days_min, LIMITS.journal_keep_days_max] as const;

export type Words = (key: MessageKey, params?: Record<string, string | number>) => string;

/** What is wrong with the days as typed; null when the core takes them. */
export function keepDaysProblem(text: string): Problem {
  return wholeNumber(text, KEEP_DAYS);
}

/** The days to send, or null while the text is not a value the core takes. */
export function keepDays(text: string): number | null {
  return keepDaysProblem(text) ? null : Number(text.trim());
}

/** The journal's size, entries and oldest entry, each ready to show. */
export function storageText(
  s: ActivityStorageView,
  words: Words,
  locale: string,
  timeZone?: string,
): { entries: string; oldest: string; size: string } {
  return {
    entries: words('activity.storage.entriesCount', {
      count: new Intl.NumberFormat(locale).format(s.entries),
    }),
    oldest: s.oldest
      ? formatDateTime(s.oldest, locale, timeZone)
      : words('activity.storage.noEntries'),
    size: formatBytes(s.bytes),
  };
}

/** The toast after a retention was stored: how long, and how many older entries went. */
export function retentionSetText(r: ActivityRetentionResponse, words: Words): string {
  const days = r.storage.keep_days;
  if (r.removed === 0) return words('activity.storage.keptNoneRemoved', { days });
  return words('activity.storage.keptRemoved', { days, removed: r.removed });
}
