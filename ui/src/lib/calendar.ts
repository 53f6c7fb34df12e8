// The month grid of the date field's calendar. Pure; days are `YYYY-MM-DD` calendar days.

export type CalendarDay = { day: string; date: number; inMonth: boolean };

const pad = (n: number) => String(n).padStart(2, '0');
export const dayKey = (y: number, m0: number, d: number) => {
  const t = new Date(Date.UTC(y, m0, d));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
};

/** Japanese calendars start the week on Sunday, British ones on Monday (0 = Sunday). */
export function weekStart(locale: string): 0 | 1 {
  return locale.startsWith('ja') ? 0 : 1;
}

/** The weekdays in the grid's column order, 0 = Sunday. */
export function weekdayOrder(locale: string): number[] {
  const s = weekStart(locale);
  return [0, 1, 2, 3, 4, 5, 6].map((i) => (i + s) % 7);
}

/** Six weeks (42 days) covering month `m0` (0-based) of `y`, starting on the locale's week start. */
export function monthGrid(y: number, m0: number, locale: string): CalendarDay[] {
  const first = new Date(Date.UTC(y, m0, 1)).getUTCDay();
  const lead = (first - weekStart(locale) + 7) % 7;
  return Array.from({ length: 42 }, (_, i) => {
    const t = new Date(Date.UTC(y, m0, 1 - lead + i));
    return {
      day: dayKey(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()),
      date: t.getUTCDate(),
      inMonth: t.getUTCMonth() === ((m0 % 12) + 12) % 12,
    };
  });
}

/** The month's title in the locale: 2026年11月, November 2026. */
export function monthTitle(y: number, m0: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m0, 1)));
}

/** Whether `day` lies within [min, max]; empty bounds are open. Keys compare as text. */
export function inRange(day: string, min?: string | null, max?: string | null): boolean {
  return (!min || day >= min) && (!max || day <= max);
}
