import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpBackend, TOKEN_HEADER, hostToken } from '../src/lib/backend/http';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page at `href` with its own session storage and history. */
function page(href: string) {
  const store = new Map<string, string>();
  const loc = { href };
  vi.stubGlobal('location', loc);
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  });
  vi.stubGlobal('history', {
    state: null,
    replaceState: (_s: unknown, _t: string, url: string) => {
      loc.href = url;
    },
  });
  return loc;
}

describe('the test host token', () => {
  it('is read from the address, removed from it, and kept for a reload', () => {
    const loc = page('http://127.0.0.1:4100/?token=abc123#/locks');
    expect(hostToken()).toBe('abc123');
    expect(loc.href).toBe('http://127.0.0.1:4100/#/locks');
    // A reload without the token in the address still has it.
    expect(hostToken()).toBe('abc123');
  });

  it('is sent with every command call', async () => {
    page('http://127.0.0.1:4100/?token=t0k');
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"ok":true}'));
    vi.stubGlobal('fetch', fetch);
    const backend = new HttpBackend();
    await backend.call('profiles_list', {});
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/profiles_list');
    expect((init.headers as Record<string, string>)[TOKEN_HEADER]).toBe('t0k');
  });

  it('is sent with the typed file, whose path comes back as the dialog answers it', async () => {
    page('http://127.0.0.1:4100/?token=t0k');
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('{"path":"/tmp/社員.csv"}'),
    );
    vi.stubGlobal('fetch', fetch);
    const backend = new HttpBackend();
    expect(await backend.typedFile('/tmp/社員.csv')).toBe('/tmp/社員.csv');
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/_host/file');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ path: '/tmp/社員.csv' });
    expect((init.headers as Record<string, string>)[TOKEN_HEADER]).toBe('t0k');
  });
});
