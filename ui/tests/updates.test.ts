// The update's words: the banner shows only a download or a version ready; a download's
// percent is known only with its size; each state and reason has its words in both languages.
import { describe, expect, it } from 'vitest';
import { translate } from '../src/lib/i18n/index.svelte';
import { bannerShown, downloadPercent, offKey, stateKey } from '../src/lib/updates';

describe('update status in words', () => {
  it('shows the banner for a download or a version ready, nothing else', () => {
    expect(bannerShown({ state: 'ready', version: '0.2.0', notes: null })).toBe(true);
    expect(
      bannerShown({ state: 'downloading', version: '0.2.0', notes: null, received: 1, total: 2 }),
    ).toBe(true);
    expect(bannerShown({ state: 'up_to_date', checked_at: '2026-11-26T00:00:00Z' })).toBe(false);
    expect(bannerShown(undefined)).toBe(false);
  });

  it('counts the percent only when the size is known', () => {
    expect(downloadPercent(512, 2048)).toBe(25);
    expect(downloadPercent(3000, 2048)).toBe(100);
    expect(downloadPercent(512, null)).toBeNull();
  });

  it('words each state and reason in Japanese', () => {
    expect(
      translate('ja', stateKey({ state: 'ready', version: '0.2.0', notes: null }), {
        version: '0.2.0',
      }),
    ).toBe('Lockdesk 0.2.0 の準備ができました。終了時にインストールします。');
    expect(translate('ja', offKey('policy'))).toBe('このパソコンの更新は組織が管理しています。');
  });
});
