import { describe, expect, it } from 'vitest';
import { catalogs, initialLocale, translate } from '../src/lib/i18n/index.svelte';

// Every catalogue merged (en.ts, ja.ts and the per-area ones such as today.*).
const { en, ja } = catalogs;

// Every source file's text (the generated backend types use no message keys).
const sources = import.meta.glob<string>(
  ['../src/**/*.ts', '../src/**/*.svelte', '!../src/lib/backend/types/**'],
  { query: '?raw', import: 'default', eager: true },
);

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('messages', () => {
  it('every key exists in both languages, with text', () => {
    expect(Object.keys(ja).sort()).toEqual(Object.keys(en).sort());
    for (const [k, v] of Object.entries(ja)) expect(v.trim(), k).not.toBe('');
  });
  it('both languages use the same placeholders', () => {
    for (const k of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(ja[k]), k).toEqual(placeholders(en[k]));
    }
  });
  it('every key used in the code exists', () => {
    const texts = Object.values(sources);
    expect(texts.length).toBeGreaterThan(20);
    const used = new Set<string>();
    for (const text of texts) {
      for (const m of text.matchAll(/\bt\('([\w.]+)'/g)) used.add(m[1]);
    }
    const missing = [...used].filter((k) => !(k in en));
    expect(missing).toEqual([]);
  });
  it('fills placeholders', () => {
    expect(translate('en', 'locks.count', { n: 3 })).toBe('3 locks');
    expect(translate('ja', 'locks.count', { n: 3 })).toBe('3 台');
    // Counts are grouped as each language writes them; an id or a port is not a count.
    expect(translate('en', 'locks.count', { n: 1000 })).toBe('1,000 locks');
    expect(translate('ja', 'users.range', { first: 1, last: 100, total: 20000 })).toBe(
      '20,000 人中 1〜100 人目',
    );
    expect(translate('en', 'users.invited', { id: 12345 })).toContain('12345');
  });
});

describe('language choice', () => {
  it('a saved choice wins, then navigator.languages, then English', () => {
    expect(initialLocale('ja', ['en-US'])).toBe('ja');
    expect(initialLocale(null, ['ja-JP', 'en'])).toBe('ja');
    expect(initialLocale(null, ['fr-FR', 'en-GB'])).toBe('en');
    expect(initialLocale(null, ['de'])).toBe('en');
    expect(initialLocale('xx', undefined)).toBe('en');
  });
});
