// Offline reading in the UI: which answers turn the banner on and off, and its time format.
import { describe, expect, it } from 'vitest';
import { afterAnswer, asOfText, CACHED_LISTS } from '../src/lib/offline';
import { translate } from '../src/lib/i18n/index.svelte';

const online = { active: false, asOf: null };
const cached = (as_of: string) => ({ locks: [], cached: { as_of, reason: 'unreachable' } });

describe('offline state', () => {
  it('a cached list answer turns it on, a fresh one off', () => {
    const off = afterAnswer(online, 'locks_list', cached('2026-11-23T00:12:00Z'));
    expect(off).toEqual({ active: true, asOf: '2026-11-23T00:12:00Z' });
    expect(afterAnswer(off, 'users_list', { users: [] })).toEqual(online);
  });
  it('keeps the oldest time shown while offline', () => {
    let s = afterAnswer(online, 'locks_list', cached('2026-11-23T00:12:00Z'));
    s = afterAnswer(s, 'users_list', cached('2026-11-22T08:00:00Z'));
    expect(s.asOf).toBe('2026-11-22T08:00:00Z');
    s = afterAnswer(s, 'user_groups_list', cached('2026-11-23T05:00:00Z'));
    expect(s.asOf).toBe('2026-11-22T08:00:00Z');
  });
  it('other answers change nothing', () => {
    const off = afterAnswer(online, 'locks_list', cached('2026-11-23T00:12:00Z'));
    expect(afterAnswer(off, 'session_status', { demo: true })).toBe(off);
    expect(afterAnswer(off, 'locks_get', { id: 'x' })).toBe(off);
    expect(afterAnswer(online, 'orgs_list', cached('2026-11-23T00:12:00Z'))).toBe(online);
  });
  it('knows the five lists', () => {
    expect([...CACHED_LISTS].sort()).toEqual([
      'invitations_list',
      'lock_groups_list',
      'locks_list',
      'user_groups_list',
      'users_list',
    ]);
  });
});

describe('the banner', () => {
  it('says as of when, in the banner format, in both languages', () => {
    const time = asOfText('2026-11-23T00:12:00Z', 'Asia/Tokyo');
    expect(time).toBe('2026/11/23 09:12');
    expect(translate('en', 'offline.banner', { time })).toBe(
      'Offline — showing data as of 2026/11/23 09:12; changes are disabled.',
    );
    expect(translate('ja', 'offline.banner', { time })).toBe(
      'オフラインです。2026/11/23 09:12 時点のデータを表示しています。変更はできません。',
    );
    expect(asOfText(null)).toBe('');
    expect(asOfText('not a time')).toBe('');
  });
});
