// Pure helpers for the history screen: filters and the CSV export.
import type { AccessView } from './backend';
import { toCsv } from './csv';
import { formatDateTime } from './format';
import { actionWords, clientValue, clientWords } from './words';
import { translate, type Locale } from './i18n/index.svelte';

export interface HistoryFilter {
  user: string; // '' = everyone; else user id, or '-' for records without a user
  kind: string; // '' = any client_type
  action: '' | 'locked' | 'unlocked';
}

export function userKey(a: AccessView): string {
  return a.user_id ?? '-';
}

export function filterAccesses(list: AccessView[], f: HistoryFilter): AccessView[] {
  return list.filter(
    (a) =>
      (!f.user || userKey(a) === f.user) &&
      (!f.kind || clientValue(a.client_type) === f.kind) &&
      (!f.action || (f.action === 'locked') === a.is_locked),
  );
}

export function usersIn(list: AccessView[]): { key: string; name: string | null }[] {
  const seen = new Map<string, string | null>();
  for (const a of list)
    if (!seen.has(userKey(a))) seen.set(userKey(a), a.user_name ?? a.user_mail ?? null);
  return [...seen].map(([key, name]) => ({ key, name }));
}

/** CSV of the shown records: times in the viewer's zone plus UTC, words in the chosen language. */
export function historyCsv(
  list: AccessView[],
  locale: Locale,
  intl: string,
  timeZone?: string,
): string {
  const tr = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) =>
    translate(locale, k, p);
  const header = [
    tr('history.col.time'),
    'UTC',
    tr('history.col.user'),
    'user_id',
    'mail',
    tr('history.col.action'),
    tr('history.col.how'),
    'client_type',
    tr('history.lock'),
    'lock_id',
  ];
  const rows = list.map((a) => [
    formatDateTime(a.created_at, intl, timeZone),
    a.created_at,
    a.user_name ?? '',
    a.user_id ?? '',
    a.user_mail ?? '',
    actionWords(a.is_locked, tr),
    clientWords(a.client_type, tr),
    clientValue(a.client_type),
    a.lock_name ?? '',
    a.lock_id ?? '',
  ]);
  return toCsv(header, rows);
}
