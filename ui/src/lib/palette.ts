// The command palette's matching (Ctrl/Cmd+K): screens, locks and users found by name or id.
// Pure functions, tested in tests/palette.test.ts; the dialog is components/CommandPalette.svelte.
import type { Screen } from './state/router.svelte';

export type EntryKind = 'screen' | 'lock' | 'user';

export interface Entry {
  kind: EntryKind;
  /** The screen's name, the lock's or user's id. */
  id: string;
  /** What is shown and searched first: the screen's title, the lock's or user's name. */
  label: string;
  /** Also searched: e-mail address or user code. */
  extra?: string[];
  /** Where Enter goes. */
  screen: Screen;
}

/** Case, width (ＡＢＣ, ｶﾀｶﾅ) and accents do not matter: "Ｅ２Ｅ" finds "e2e". */
export function normalize(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim();
}

/** An entry's text, normalized once for every search (a big office has 20,000 people). */
interface Prepared {
  label: string;
  parts: string[];
  id: string;
  extra: string[];
}
const prepared = new WeakMap<Entry, Prepared>();

function prepare(entry: Entry): Prepared {
  let p = prepared.get(entry);
  if (!p) {
    const label = normalize(entry.label);
    p = {
      label,
      parts: label.split(/[\s\-_/・（）()]+/),
      id: normalize(entry.id),
      extra: (entry.extra ?? []).map(normalize),
    };
    prepared.set(entry, p);
  }
  return p;
}

function queryWords(query: string): string[] {
  return normalize(query).split(/\s+/).filter(Boolean);
}

/** How well `entry` answers `query`, higher is better; 0 when some word of the query is
 * found nowhere in it. Every word must appear in the label, the id or an extra field. */
export function score(entry: Entry, query: string): number {
  return scoreWords(entry, queryWords(query));
}

function scoreWords(entry: Entry, words: string[]): number {
  if (words.length === 0) return 1;
  const { label, parts, id, extra } = prepare(entry);
  let total = 0;
  for (const w of words) {
    let best = 0;
    if (id === w) best = 100;
    else if (label === w) best = 90;
    else if (label.startsWith(w)) best = 60;
    else if (parts.some((part) => part.startsWith(w))) best = 40;
    else if (id.startsWith(w)) best = 35;
    else if (extra.some((e) => e === w)) best = 30;
    else if (label.includes(w)) best = 20;
    else if (id.includes(w) || extra.some((e) => e.includes(w))) best = 10;
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

const KIND_ORDER: Record<EntryKind, number> = { screen: 0, lock: 1, user: 2 };

/** The entries matching `query`, best first (then screens, locks, users; then by label),
 * at most `limit`. An empty query lists the screens only. */
export function search(entries: readonly Entry[], query: string, limit = 50): Entry[] {
  const words = queryWords(query);
  const empty = words.length === 0;
  return entries
    .filter((e) => !empty || e.kind === 'screen')
    .map((e, i) => ({ e, i, s: scoreWords(e, words) }))
    .filter((x) => x.s > 0)
    .sort(
      (a, b) =>
        b.s - a.s ||
        KIND_ORDER[a.e.kind] - KIND_ORDER[b.e.kind] ||
        (empty ? a.i - b.i : a.e.label.localeCompare(b.e.label)),
    )
    .slice(0, limit)
    .map((x) => x.e);
}

/** The next highlighted row for ↑/↓, wrapping around; -1 when there is nothing. */
export function move(current: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return current < 0 ? 0 : (current + 1) % count;
  return current <= 0 ? count - 1 : current - 1;
}

/** Whether the UI runs on a Mac, where shortcuts use ⌘ instead of Ctrl. */
export function isMac(
  nav: { platform?: string; userAgent?: string } | undefined = globalThis.navigator,
): boolean {
  return /Mac|iPhone|iPad/.test(nav?.platform || nav?.userAgent || '');
}

/** ⌘K on a Mac, Ctrl+K elsewhere: opens (or closes) the palette. Only the platform's own
 * modifier: on a Mac, Ctrl+K in a text field deletes to the end of the line; elsewhere the
 * Windows key + K belongs to the system. */
export function isPaletteKey(
  e: {
    key: string;
    ctrlKey: boolean;
    metaKey: boolean;
    altKey: boolean;
    shiftKey: boolean;
  },
  mac: boolean = isMac(),
): boolean {
  const modifier = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  return modifier && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';
}

/** The palette's shortcut as the platform writes it. */
export function paletteKeyName(mac: boolean = isMac()): string {
  return mac ? '⌘K' : 'Ctrl+K';
}
