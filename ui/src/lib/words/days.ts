// Days of the week and time windows in words, from the catalogues: English "Mon–Fri, 09:00–18:00",
// Japanese "月〜金 09:00〜18:00".
import type { MessageKey } from '../i18n/en';
import { formatClock } from '../format';
import type { Tr } from './types';

/** The short name of a day, 0 = Sunday … 6 = Saturday. */
export function weekday(day: number, tr: Tr): string {
  return tr(`days.short.${day}` as MessageKey);
}

/**
 * Days of the week in words: consecutive runs of three or more collapse ("Mon–Fri", "月〜金"),
 * all seven are "every day". Null for an empty list.
 */
export function daysWords(days: readonly number[], tr: Tr): string | null {
  const set = [...new Set(days.filter((d) => Number.isInteger(d) && d >= 0 && d <= 6))].sort(
    (a, b) => a - b,
  );
  if (set.length === 0) return null;
  if (set.length === 7) return tr('days.every');
  const parts: string[] = [];
  let start = set[0];
  let prev = set[0];
  const flush = () => {
    if (prev - start >= 2)
      parts.push(tr('days.range', { from: weekday(start, tr), to: weekday(prev, tr) }));
    else if (prev !== start) parts.push(weekday(start, tr), weekday(prev, tr));
    else parts.push(weekday(start, tr));
  };
  for (const d of set.slice(1)) {
    if (d === prev + 1) {
      prev = d;
      continue;
    }
    flush();
    start = prev = d;
  }
  flush();
  return parts.join(tr('days.separator'));
}

/** `09:00+09:00`–`18:00+09:00` as "09:00–18:00" / "09:00〜18:00" (offset only when not ours). */
export function timeRangeWords(
  start: string | null,
  end: string | null,
  tr: Tr,
  localOffsetMinutes?: number,
): string {
  return tr('time.range', {
    start: formatClock(start, localOffsetMinutes) || '?',
    end: formatClock(end, localOffsetMinutes) || '?',
  });
}
