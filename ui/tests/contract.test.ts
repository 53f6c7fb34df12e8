import { describe, expect, it } from 'vitest';
import {
  COMMAND_NAMES,
  DESKTOP_COMMAND_NAMES,
  FILE_DROP_EVENT,
  OPEN_SCREEN_EVENT,
  SIGN_IN_FINISHED_EVENT,
} from '../src/lib/backend';
import { followShellScreens } from '../src/lib/state/shell.svelte';
import { route } from '../src/lib/state/router.svelte';
import { saveText } from '../src/lib/download';
import type { Backend } from '../src/lib/backend/backend';

// The UI's sources, to check every command it calls against the generated map.
const sources = import.meta.glob<string>(
  ['../src/**/*.ts', '../src/**/*.svelte', '!../src/lib/backend/types/**'],
  { query: '?raw', import: 'default', eager: true },
);

describe('contract', () => {
  it('every command the UI calls is in the generated map (or desktop-only)', () => {
    const called = new Set<string>();
    for (const text of Object.values(sources))
      for (const m of text.matchAll(/\.call\(\s*'(\w+)'/g)) called.add(m[1]);
    expect(called.size).toBeGreaterThan(30);
    const known = new Set<string>([...COMMAND_NAMES, ...DESKTOP_COMMAND_NAMES]);
    expect([...called].filter((c) => !known.has(c))).toEqual([]);
  });
  it('listens to the events the shell emits', () => {
    expect(FILE_DROP_EVENT).toBe('lockdesk://file-drop');
    expect(SIGN_IN_FINISHED_EVENT).toBe('lockdesk://sign-in-finished');
    expect(OPEN_SCREEN_EVENT).toBe('lockdesk://open-screen');
    const all = Object.values(sources).join('\n');
    expect(all).not.toMatch(/['"]lockdesk:\/\/[\w-]+['"]/);
  });
});

describe('the shell asking for a screen', () => {
  it('shows it (the macOS menu: Settings… shows Account) until told to stop', async () => {
    const handlers = new Map<string, (p: unknown) => void>();
    let unlistened = 0;
    const b = {
      kind: 'tauri',
      async onEvent(name: string, handler: (p: unknown) => void) {
        handlers.set(name, handler);
        return () => {
          unlistened += 1;
        };
      },
    } as unknown as Backend;
    route.screen = 'today';
    const stop = followShellScreens(b);
    await Promise.resolve();
    handlers.get(OPEN_SCREEN_EVENT)?.({ screen: 'account' });
    expect(route.screen).toBe('account');
    stop();
    expect(unlistened).toBe(1);
  });
});

describe('toasts', () => {
  it('are stored as message keys, so they follow a language switch', () => {
    const all = Object.values(sources).join('\n');
    expect(all).not.toMatch(/toast\(\s*t\(/);
  });
});

describe('saveText', () => {
  function desktop(answer: string | null) {
    const calls: unknown[] = [];
    const b = {
      kind: 'tauri',
      async call(cmd: string, req: unknown) {
        calls.push([cmd, req]);
        return { path: answer, bytes: 3, records: null };
      },
      async onEvent() {
        return () => {};
      },
    } as unknown as Backend;
    return { b, calls };
  }
  it('asks the desktop shell to save, never naming a path itself', async () => {
    const { b, calls } = desktop('/home/a/x.csv');
    expect(await saveText(b, 'x.csv', 'a,b', 'text/csv')).toEqual({
      kind: 'saved',
      path: '/home/a/x.csv',
    });
    expect(calls).toEqual([['files_save', { file_name: 'x.csv', content: 'a,b' }]]);
  });
  it('reports a cancelled dialog as cancelled', async () => {
    const { b } = desktop(null);
    expect(await saveText(b, 'x.csv', 'a,b', 'text/csv')).toEqual({ kind: 'cancelled' });
  });
});
