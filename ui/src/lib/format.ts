// Formatting of times and sizes. Pure functions; the locale is passed in.
// Kinds, roles and settings are worded in ./words.

/** A date-time in the viewer's local time zone (or `timeZone` for tests). */
export function formatDateTime(
  iso: string | null | undefined,
  locale: string,
  timeZone?: string,
): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
    timeZone,
  }).format(d);
}

export function formatDate(
  iso: string | null | undefined,
  locale: string,
  timeZone?: string,
): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(d);
}

/**
 * A calendar day `YYYY-MM-DD` (no time, no zone) in the locale's order: 2026/11/23 in Japanese,
 * 23/11/2026 in English (en-GB). Anything else is returned as it is.
 */
export function formatDay(day: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(d);
}

/**
 * A date typed by a person, as `YYYY-MM-DD`, or null when it is not a real date. Accepts
 * year first with `/`, `-` or `.` (2026/11/23, 2026-11-23) in every language, and, when the
 * language writes the day first (English here, en-GB), 23/11/2026.
 */
export function parseDay(text: string, locale: string): string | null {
  const s = text
    .trim()
    .replace(/[０-９／－]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  let y: number, mo: number, d: number;
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if (!locale.startsWith('ja') && (m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(s)))
    [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else return null;
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The viewer's time zone (or `timeZone`) by its name in the locale: "日本標準時",
 * "Japan Standard Time"; its IANA id when the locale has no name for it.
 */
export function timeZoneName(locale: string, timeZone?: string, at = new Date()): string {
  const f = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' });
  return (
    f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ??
    f.resolvedOptions().timeZone
  );
}

/** `HH:MM+HH:MM` → `HH:MM` with the offset shown only when it is not the viewer's own. */
export function formatClock(value: string | null | undefined, localOffsetMinutes?: number): string {
  if (!value) return '';
  const m = /^(\d{2}):(\d{2})([+-])(\d{2}):(\d{2})$/.exec(value);
  if (!m) return value;
  const offset = (m[3] === '-' ? -1 : 1) * (Number(m[4]) * 60 + Number(m[5]));
  const own = localOffsetMinutes ?? -new Date().getTimezoneOffset();
  const clock = `${m[1]}:${m[2]}`;
  return offset === own ? clock : `${clock} (UTC${m[3]}${m[4]}:${m[5]})`;
}

/** A YYYY-MM-DD date input value and its end of day, as ISO instants in local time. */
export function localDayStart(date: string): string {
  const [y, mo, d] = date.split('-').map(Number);
  return new Date(y, mo - 1, d, 0, 0, 0, 0).toISOString();
}

export function localDayEnd(date: string): string {
  const [y, mo, d] = date.split('-').map(Number);
  return new Date(y, mo - 1, d, 23, 59, 59, 999).toISOString();
}

/** Today (or `days` ago) as a YYYY-MM-DD value for `<input type=date>`, in local time. */
export function dateInputValue(daysAgo = 0, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysAgo);
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const dd = String(d.getDate()).padStart(2, '0');
  return `${d.getFullYear()}-${mm}-${dd}`;
}

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** `+09:00` for 540 minutes east of UTC. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
