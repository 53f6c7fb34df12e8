import { describe, expect, it } from 'vitest';
import {
  isMac,
  isPaletteKey,
  move,
  normalize,
  paletteKeyName,
  score,
  search,
  type Entry,
} from '../src/lib/palette';

const entries: Entry[] = [
  { kind: 'screen', id: 'locks', label: 'Locks', screen: 'locks' },
  { kind: 'screen', id: 'users', label: 'Users', screen: 'users' },
  { kind: 'screen', id: 'history', label: 'History', screen: 'history' },
  { kind: 'lock', id: 'SL2-0001', label: 'Front door', screen: 'locks' },
  { kind: 'lock', id: 'SL2-0002', label: 'Back door', screen: 'locks' },
  { kind: 'lock', id: 'SL2-0003', label: '会議室 outdoor', screen: 'locks' },
  {
    kind: 'user',
    id: 'u-42',
    label: 'Hanako Sato',
    extra: ['hanako@example.com', 'C-7'],
    screen: 'users',
  },
  { kind: 'user', id: 'u-43', label: 'Lockwood', screen: 'users' },
];
const ids = (q: string) => search(entries, q).map((e) => e.id);

describe('command palette matching', () => {
  it('lists only the screens, in their order, for an empty query', () => {
    expect(ids('')).toEqual(['locks', 'users', 'history']);
    expect(ids('   ')).toEqual(['locks', 'users', 'history']);
  });

  it('finds a lock by name, ignoring case and width', () => {
    expect(ids('front')).toEqual(['SL2-0001']);
    expect(ids('ＦＲＯＮＴ')).toEqual(['SL2-0001']);
    expect(ids('会議室')).toEqual(['SL2-0003']);
  });

  it('finds a lock or a user by id, the exact id first', () => {
    expect(ids('sl2-0002')[0]).toBe('SL2-0002');
    // Equally good matches come by name.
    expect(ids('SL2-000')).toEqual(['SL2-0002', 'SL2-0001', 'SL2-0003']);
    expect(ids('u-42')).toEqual(['u-42']);
  });

  it('needs every word of the query', () => {
    expect(ids('door back')).toEqual(['SL2-0002']);
    expect(ids('door garage')).toEqual([]);
  });

  it('finds a user by e-mail address or code', () => {
    expect(ids('hanako@example.com')).toEqual(['u-42']);
    expect(ids('c-7')).toEqual(['u-42']);
  });

  it('puts a name that starts with the query before one that contains it', () => {
    // "lock" starts the screen's title and the user's name: screens come first on a tie.
    expect(ids('lock')).toEqual(['locks', 'u-43']);
    expect(ids('door')).toEqual(['SL2-0002', 'SL2-0001', 'SL2-0003']);
  });

  it('gives nothing for no match, and scores 0', () => {
    expect(ids('zzz')).toEqual([]);
    expect(score(entries[0], 'zzz')).toBe(0);
  });

  it('respects the limit', () => {
    expect(search(entries, 'sl2', 2)).toHaveLength(2);
  });

  it('normalizes width, case and accents', () => {
    expect(normalize(' Ｃａｆé ')).toBe('cafe');
    expect(normalize('ｶﾞ')).toBe(normalize('ガ'));
  });

  it('moves the highlight with wrapping', () => {
    expect(move(-1, 3, 'ArrowDown')).toBe(0);
    expect(move(2, 3, 'ArrowDown')).toBe(0);
    expect(move(0, 3, 'ArrowUp')).toBe(2);
    expect(move(1, 3, 'ArrowUp')).toBe(0);
    expect(move(0, 0, 'ArrowDown')).toBe(-1);
  });

  it('opens with Ctrl+K on Windows and Linux, and with Cmd+K only on a Mac', () => {
    const k = { key: 'k', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
    const pc = false;
    expect(isPaletteKey({ ...k, ctrlKey: true }, pc)).toBe(true);
    expect(isPaletteKey({ ...k, ctrlKey: true, key: 'K' }, pc)).toBe(true);
    // The Windows key + K is the system's.
    expect(isPaletteKey({ ...k, metaKey: true }, pc)).toBe(false);
    expect(isPaletteKey(k, pc)).toBe(false);
    expect(isPaletteKey({ ...k, ctrlKey: true, shiftKey: true }, pc)).toBe(false);
    expect(isPaletteKey({ ...k, ctrlKey: true, key: 'j' }, pc)).toBe(false);
    const mac = true;
    expect(isPaletteKey({ ...k, metaKey: true }, mac)).toBe(true);
    expect(isPaletteKey({ ...k, metaKey: true, key: 'K' }, mac)).toBe(true);
    // Ctrl+K in a Mac text field deletes to the end of the line: left to the field.
    expect(isPaletteKey({ ...k, ctrlKey: true }, mac)).toBe(false);
    expect(isPaletteKey({ ...k, metaKey: true, ctrlKey: true }, mac)).toBe(false);
    expect(isPaletteKey({ ...k, metaKey: true, altKey: true }, mac)).toBe(false);
    expect([paletteKeyName(pc), paletteKeyName(mac)]).toEqual(['Ctrl+K', '⌘K']);
  });

  it('knows a Mac by its platform, or its user agent when the platform is empty', () => {
    expect(isMac({ platform: 'MacIntel' })).toBe(true);
    expect(isMac({ platform: 'Win32' })).toBe(false);
    expect(isMac({ platform: 'Linux x86_64' })).toBe(false);
    expect(
      isMac({ platform: '', userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)' }),
    ).toBe(true);
    expect(isMac(undefined)).toBe(false);
  });
});
