import { describe, expect, it } from 'vitest';
import { COMMAND_NAMES, FILE_DROP_EVENT, SIGN_IN_FINISHED_EVENT } from '../src/lib/backend';

// The UI's sources, to check every command it calls against the generated map.
const sources = import.meta.glob<string>(
  ['../src/**/*.ts', '../src/**/*.svelte', '!../src/lib/backend/types/**'],
  { query: '?raw', import: 'default', eager: true },
);
const desktopOnly = ['sign_in_window_open', 'sign_in_window_close'];

describe('contract', () => {
  it('every command the UI calls is in the generated map (or desktop-only)', () => {
    const called = new Set<string>();
    for (const text of Object.values(sources))
      for (const m of text.matchAll(/\.call\(\s*'(\w+)'/g)) called.add(m[1]);
    expect(called.size).toBeGreaterThan(30);
    const known = new Set<string>([...COMMAND_NAMES, ...desktopOnly]);
    expect([...called].filter((c) => !known.has(c))).toEqual([]);
  });
  it('listens to the events the shell emits', () => {
    expect(FILE_DROP_EVENT).toBe('lockdesk://file-drop');
    expect(SIGN_IN_FINISHED_EVENT).toBe('lockdesk://sign-in-finished');
    const all = Object.values(sources).join('\n');
    expect(all).not.toMatch(/['"]lockdesk:\/\/[\w-]+['"]/);
  });
});
