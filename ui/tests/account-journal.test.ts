// The Account screen's journal part: the retention as typed, checked with the core's bounds
// (a day to ten years), and the journal's size and a saved retention in both languages.
import { describe, expect, it } from 'vitest';
import type { ActivityStorageView } from '../src/lib/backend';
import { translate, type MessageKey } from '../src/lib/i18n/index.svelte';
import {
  KEEP_DAYS,
  keepDays,
  keepDaysProblem,
  retentionSetText,
  storageText,
} from '../src/lib/screens/account/journal';

const words =
  (locale: 'en' | 'ja') => (key: MessageKey, params?: Record<string, string | number>) =>
    translate(locale, key, params);

const STORAGE: ActivityStorageView = {
  keep_days: 365,
  entries: 1234,
  oldest: '2025-11-24T01:00:00Z',
  bytes: 3 * 1024 * 1024 + 300 * 1024,
};

describe('the retention as typed', () => {
  it('takes whole days from one to ten years, as the core does', () => {
    expect(KEEP_DAYS).toEqual([1, 3650]);
    for (const ok of ['1', '30', ' 365 ', '3650']) {
      expect(keepDaysProblem(ok), ok).toBeNull();
      expect(keepDays(ok), ok).toBe(Number(ok.trim()));
    }
    expect(keepDaysProblem('')).toEqual({ key: 'watch.invalid.empty' });
    for (const bad of ['0', '3651', '-5', '1.5', '1e3', 'abc', '３０']) {
      expect(keepDaysProblem(bad), bad).toEqual({
        key: 'watch.invalid.range',
        params: { min: 1, max: 3650 },
      });
      expect(keepDays(bad), bad).toBeNull();
    }
  });
  it('says what is wrong in both languages', () => {
    const p = keepDaysProblem('0')!;
    expect(translate('en', p.key, p.params)).toBe('Use a whole number from 1 to 3,650.');
    expect(translate('ja', p.key, p.params)).toBe('1〜3,650 の整数を入力してください。');
  });
});

describe('the journal’s size', () => {
  it('shows the entries, the oldest entry and the bytes on disk', () => {
    const en = storageText(STORAGE, words('en'), 'en-GB', 'Asia/Tokyo');
    expect(en).toEqual({
      entries: '1,234 entries',
      oldest: '24/11/2025, 10:00:00',
      size: '3.3 MB',
    });
    const ja = storageText(STORAGE, words('ja'), 'ja-JP', 'Asia/Tokyo');
    expect(ja).toEqual({ entries: '1,234 件', oldest: '2025/11/24 10:00:00', size: '3.3 MB' });
  });
  it('says when there is no entry yet', () => {
    const empty = { ...STORAGE, entries: 0, oldest: null, bytes: 4096 };
    expect(storageText(empty, words('en'), 'en-GB').oldest).toBe('None yet');
    expect(storageText(empty, words('ja'), 'ja-JP').oldest).toBe('まだありません');
    expect(storageText(empty, words('en'), 'en-GB').size).toBe('4.0 KB');
  });
  it('says what saving a retention did', () => {
    const removed = { removed: 12, storage: { ...STORAGE, keep_days: 30 } };
    expect(retentionSetText(removed, words('en'))).toBe(
      'Activity is kept for 30 days; 12 older entries were removed.',
    );
    expect(retentionSetText(removed, words('ja'))).toBe(
      '操作履歴の保存期間を 30 日にしました。古い記録 12 件を削除しました。',
    );
    const none = { ...removed, removed: 0 };
    expect(retentionSetText(none, words('en'))).toBe(
      'Activity is kept for 30 days; no entry was older.',
    );
    expect(retentionSetText(none, words('ja'))).toContain('ありませんでした');
  });
});

describe('the journal operations', () => {
  it('are the command table write commands, each worded in both languages', async () => {
    const { OPERATIONS } = await import('../src/lib/backend');
    expect(OPERATIONS).toContain('locks_rename');
    expect(OPERATIONS).toContain('invitations_bulk_row');
    for (const op of OPERATIONS)
      for (const locale of ['en', 'ja'] as const) {
        const key = `activity.op.${op}` as MessageKey;
        expect(translate(locale, key), `${locale} ${op}`).not.toBe(key);
      }
  });
});
