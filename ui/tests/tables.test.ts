// Every table in the UI's source is a data table that screen readers can read: a caption (its
// name in the table list) and header cells that say what they head (scope). Most are drawn by
// components/DataTable.svelte from a caption and columns; the others are written out. The browser
// e2e (e2e/a11y_modes.mjs) checks the tables it reaches; this catches the ones it does not (the
// bulk import's preview, the Watch screen's lists, the connections) and any table added later.
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>('../src/**/*.svelte', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Each `<table …>…</table>` of a file's markup. */
function tables(text: string): string[] {
  return [...text.matchAll(/<table\b[\s\S]*?<\/table>/g)].map((m) => m[0]);
}

/** Each `<DataTable …>` opening tag of a file's markup (an arrow `=>` inside it is no end). */
function dataTables(text: string): string[] {
  return [...text.matchAll(/<DataTable\b(?:=>|[^>])*>/g)].map((m) => m[0]);
}

const all = Object.entries(sources).flatMap(([file, text]) =>
  tables(text).map((table, i) => ({ name: `${file.replace('../src/', '')} #${i + 1}`, table })),
);
const uses = Object.entries(sources).flatMap(([file, text]) =>
  dataTables(text).map((tag, i) => ({ name: `${file.replace('../src/', '')} #${i + 1}`, tag })),
);

describe('tables', () => {
  it('are found in the source', () => {
    expect(all.length + uses.length).toBeGreaterThanOrEqual(12);
  });

  it.each(uses)('$name gives DataTable a caption worded through the catalogues', ({ tag }) => {
    expect(tag).toMatch(/\bcaption=\{/);
    expect(tag).toMatch(/\bcolumns=\{/);
  });

  it.each(all)('$name has a caption first, worded through the catalogues', ({ table }) => {
    const afterOpen = table.replace(/^<table\b[^>]*>\s*/, '');
    expect(afterOpen.startsWith('<caption')).toBe(true);
    const caption = afterOpen.match(/<caption[^>]*>([\s\S]*?)<\/caption>/)?.[1] ?? '';
    expect(caption.trim()).toMatch(/^\{/);
  });

  it.each(all)('$name has header cells, each with a scope', ({ table }) => {
    const heads = [...table.matchAll(/<th\b[^>]*>/g)].map((m) => m[0]);
    expect(heads.length).toBeGreaterThan(0);
    for (const th of heads) expect(th).toMatch(/\bscope="(col|row)"/);
  });
});
