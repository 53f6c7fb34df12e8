// The catalogues hold only what the screens use: every key of the (merged) English catalogue
// must be named by some source file under src/, as a quoted string ('nav.locks', "…", `…`),
// or belong to one of the few families below whose last part comes from data at run time.
// (That en and ja hold the same keys is checked in i18n.test.ts.)
import { describe, expect, it } from 'vitest';
import { catalogs } from '../src/lib/i18n/index.svelte';

const { en } = catalogs;

// Every source file except the catalogues themselves and the generated backend types; tests live
// outside src/, so a key named only by a test counts as unused.
const sources = import.meta.glob<string>(
  [
    '../src/**/*.ts',
    '../src/**/*.svelte',
    '!../src/lib/i18n/en.ts',
    '!../src/lib/i18n/ja.ts',
    '!../src/**/*.en.ts',
    '!../src/**/*.ja.ts',
    '!../src/lib/backend/types/**',
  ],
  { query: '?raw', import: 'default', eager: true },
);

// The generated unions some families' suffixes come from.
const types = import.meta.glob<string>('../src/lib/backend/types/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The string members of the generated `export type Name = "a" | "b" | …;`. */
function union(name: string): string[] {
  const text = types[`../src/lib/backend/types/${name}.ts`];
  const decl = text?.match(new RegExp(`export type ${name} = ([^;]+);`))?.[1];
  if (!decl) throw new Error(`no union type ${name}`);
  return [...decl.matchAll(/"(\w+)"/g)].map((m) => m[1]);
}

/** The `kind`s of the generated `{ "kind": "a" } | … | { "kind": "other", "value": string }`. */
function kinds(name: string): string[] {
  const text = types[`../src/lib/backend/types/${name}.ts`] ?? '';
  const found = [...text.matchAll(/"kind": "(\w+)"/g)].map((m) => m[1]);
  if (found.length === 0) throw new Error(`no kinds in ${name}`);
  // "other" is worded by `app.other` with the service's value.
  return found.filter((k) => k !== 'other');
}

/**
 * Keys built from data: `pattern`'s `*` is one dotted part. `suffixes`, where given, are the only
 * values that part takes. `builtBy` is the code that builds the key; the test checks that the
 * template string (`prefix${…}`) is still in src/, so an entry goes when its code goes.
 */
interface Family {
  pattern: string;
  builtBy: string;
  suffixes?: readonly string[];
}
const DAYS = ['0', '1', '2', '3', '4', '5', '6'];
const FAMILIES: readonly Family[] = [
  // One message per error code, typed by errors.en.ts (`satisfies CodeMessages`).
  {
    pattern: 'error.*',
    builtBy: 'errors.ts codeText: `error.${code}`',
    suffixes: union('ErrorCode'),
  },
  {
    pattern: 'error.field.*',
    builtBy: 'errors.ts fieldErrorText, its three bad-value codes',
    suffixes: ['validation', 'invalid_input', 'invalid_params'],
  },
  {
    pattern: 'error.directory_source_failed.*',
    builtBy: 'errors.ts codeText: `error.directory_source_failed.${details.source_failure}`',
    suffixes: union('SourceFailure'),
  },
  {
    pattern: 'error.store_failed.*',
    builtBy: 'errors.ts codeText: `error.store_failed.${details.store}`',
    suffixes: union('StoreKind'),
  },
  {
    pattern: 'error.store_damaged.*',
    builtBy: 'errors.ts codeText: `error.store_damaged.${details.store}`',
    suffixes: union('StoreKind'),
  },
  { pattern: 'days.short.*', builtBy: 'words/days.ts weekday(0–6)', suffixes: DAYS },
  { pattern: 'watch.day.*', builtBy: 'watch.ts daysText, watch/RulesForm.svelte', suffixes: DAYS },
  {
    pattern: 'watch.rule.*',
    builtBy: 'watch/AlertsList.svelte: a finding’s rule',
    suffixes: union('RuleKind'),
  },
  {
    pattern: 'watch.part.*',
    builtBy: 'watch.ts detailText, AlertsList: a battery part',
    suffixes: union('BatteryPart'),
  },
  {
    pattern: 'watch.filter.*',
    builtBy: 'watch/AlertsList.svelte FILTERS (AlertFilter in watch.ts)',
    suffixes: ['open', 'acknowledged', 'muted'],
  },
  {
    pattern: 'today.part.*',
    builtBy: 'today/today.ts partKey: a battery part',
    suffixes: union('BatteryPart'),
  },
  {
    pattern: 'today.reason.*',
    builtBy: 'TodayScreen.svelte: why an unlock was after hours',
    suffixes: union('AfterHoursReason'),
  },
  {
    pattern: 'clientType.*',
    builtBy: 'words/history.ts clientWords: a record’s client type',
    suffixes: kinds('ClientKind'),
  },
  {
    pattern: 'lock.lockType.*',
    builtBy: 'words/locks.ts lockTypeWords: a lock’s type',
    suffixes: kinds('LockType'),
  },
  {
    pattern: 'bulk.encoding.*',
    builtBy: 'invitations/bulk.ts encodingKey: a CSV encoding',
    suffixes: union('CsvEncoding'),
  },
  {
    pattern: 'activity.op.*',
    builtBy: 'ActivityScreen.svelte opKey: a journal operation',
    suffixes: union('Operation'),
  },
  // The journal's field names are plain strings from the core (journal/journaled.rs), no union.
  { pattern: 'activity.field.*', builtBy: 'ActivityScreen.svelte fieldWords: a changed field' },
  {
    pattern: 'activity.image.*',
    builtBy: 'ActivityScreen.svelte fieldWords: IMAGES',
    suffixes: ['file', 'upload', 'default'],
  },
  {
    pattern: 'activity.role.*',
    builtBy: 'ActivityScreen.svelte fieldWords: ROLES',
    suffixes: ['super_manager', 'manager', 'member'],
  },
  // "Expires in 3 hours" / "expired 1 day ago": `expiresIn` (invitations/invitations.ts) gives the
  // kind and unit; `.one` for a count of one (never for minutes).
  {
    pattern: 'invites.*.*',
    builtBy: 'invitations/InvitationList.svelte expiresWords',
    suffixes: ['in', 'ago', 'minutes', 'hours', 'days'],
  },
  {
    pattern: 'invites.*.*.one',
    builtBy: 'invitations/InvitationList.svelte expiresWords',
    suffixes: ['in', 'ago', 'hours', 'days'],
  },
];

/** Source text without comments (a key named only in a comment is not used). */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/(^|[^:\w'"`])\/\/.*$/gm, '$1');
}

const texts = Object.values(sources).map(code);
const literals = new Set(
  texts.flatMap((t) => [...t.matchAll(/(['"`])([\w.]+)\1/g)].map((m) => m[2])),
);

const prefixOf = (f: Family) => f.pattern.slice(0, f.pattern.indexOf('*'));
const matches = (f: Family, key: string) => {
  const re = new RegExp(`^${f.pattern.replaceAll('.', '\\.').replaceAll('*', '(\\w+)')}$`);
  const m = key.match(re);
  return !!m && (!f.suffixes || m.slice(1).every((part) => f.suffixes!.includes(part)));
};

describe('catalogue keys', () => {
  it('are read from the sources', () => {
    expect(texts.length).toBeGreaterThan(50);
    expect(literals.has('nav.locks')).toBe(true);
  });

  it('every family is still built by its code', () => {
    const stale = FAMILIES.filter((f) => !texts.some((t) => t.includes(`\`${prefixOf(f)}\${`)));
    expect(stale.map((f) => f.pattern)).toEqual([]);
  });

  it('every key is used by some screen or helper', () => {
    const unused = Object.keys(en).filter(
      (k) => !literals.has(k) && !FAMILIES.some((f) => matches(f, k)),
    );
    expect(unused).toEqual([]);
  });
});
