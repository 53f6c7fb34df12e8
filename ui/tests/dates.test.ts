// Dates in the UI language's form (2026/11/23 in Japanese), typed dates read back, and the
// date field's month grid.
import { describe, expect, it } from 'vitest';
import { formatDay, parseDay, formatDate, formatDateTime } from '../src/lib/format';
import { monthGrid, monthTitle, weekdayOrder, inRange } from '../src/lib/calendar';
import { dailySeries } from '../src/lib/screens/history/archive';
import { daysWords } from '../src/lib/words';
import { translate } from '../src/lib/i18n/index.svelte';

describe('a calendar day in the language’s order', () => {
  it('Japanese: 2026/11/23; English (en-GB): 23/11/2026', () => {
    expect(formatDay('2026-11-23', 'ja-JP')).toBe('2026/11/23');
    expect(formatDay('2026-01-05', 'ja-JP')).toBe('2026/01/05');
    expect(formatDay('2026-11-23', 'en-GB')).toBe('23/11/2026');
  });
  it('does not shift the day in any time zone (no local midnight)', () => {
    // Formatted in UTC: a day key is not an instant.
    expect(formatDay('2026-01-01', 'ja-JP')).toBe('2026/01/01');
    expect(formatDay('2026-12-31', 'en-GB')).toBe('31/12/2026');
  });
  it('leaves anything else as it is', () => {
    expect(formatDay('', 'ja-JP')).toBe('');
    expect(formatDay('soon', 'ja-JP')).toBe('soon');
  });
  it('instants and dates of the tables use the same order', () => {
    expect(formatDate('2026-11-23T03:00:00Z', 'ja-JP', 'Asia/Tokyo')).toBe('2026/11/23');
    expect(formatDateTime('2026-11-23T03:00:00Z', 'ja-JP', 'Asia/Tokyo')).toBe(
      '2026/11/23 12:00:00',
    );
  });
  it('chart axes: the daily series keys become 2026/11/23 in Japanese', () => {
    const s = dailySeries([
      { date: '2026-11-21', count: 1 },
      { date: '2026-11-23', count: 2 },
    ]);
    expect(s.dates.map((d) => formatDay(d, 'ja-JP'))).toEqual([
      '2026/11/21',
      '2026/11/22',
      '2026/11/23',
    ]);
  });
});

describe('a typed date', () => {
  it('year first, with / - . or full-width digits, in both languages', () => {
    for (const locale of ['ja-JP', 'en-GB']) {
      expect(parseDay('2026/11/23', locale)).toBe('2026-11-23');
      expect(parseDay('2026-11-23', locale)).toBe('2026-11-23');
      expect(parseDay(' 2026.1.5 ', locale)).toBe('2026-01-05');
    }
    expect(parseDay('２０２６／１１／２３', 'ja-JP')).toBe('2026-11-23');
  });
  it('day first only in English (en-GB), never month first', () => {
    expect(parseDay('23/11/2026', 'en-GB')).toBe('2026-11-23');
    expect(parseDay('11/23/2026', 'en-GB')).toBeNull();
    expect(parseDay('23/11/2026', 'ja-JP')).toBeNull();
  });
  it('refuses days that do not exist', () => {
    expect(parseDay('2026/02/29', 'ja-JP')).toBeNull();
    expect(parseDay('2028/02/29', 'ja-JP')).toBe('2028-02-29');
    expect(parseDay('2026/13/01', 'ja-JP')).toBeNull();
    expect(parseDay('tomorrow', 'en-GB')).toBeNull();
  });
});

describe('the month grid', () => {
  it('Japanese weeks start on Sunday, British ones on Monday', () => {
    expect(weekdayOrder('ja-JP')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekdayOrder('en-GB')).toEqual([1, 2, 3, 4, 5, 6, 0]);
    // 1 November 2026 is a Sunday.
    const ja = monthGrid(2026, 10, 'ja-JP');
    expect(ja[0]).toEqual({ day: '2026-11-01', date: 1, inMonth: true });
    const en = monthGrid(2026, 10, 'en-GB');
    expect(en[0]).toEqual({ day: '2026-10-26', date: 26, inMonth: false });
    expect(en[6].day).toBe('2026-11-01');
    expect(ja).toHaveLength(42);
    expect(ja.filter((d) => d.inMonth)).toHaveLength(30);
  });
  it('January and December wrap the year', () => {
    expect(monthGrid(2027, 0, 'ja-JP').find((d) => d.inMonth)?.day).toBe('2027-01-01');
    expect(
      monthGrid(2026, 11, 'en-GB')
        .filter((d) => d.inMonth)
        .at(-1)?.day,
    ).toBe('2026-12-31');
  });
  it('titles: 2026年11月 / November 2026', () => {
    expect(monthTitle(2026, 10, 'ja-JP')).toBe('2026年11月');
    expect(monthTitle(2026, 10, 'en-GB')).toBe('November 2026');
  });
  it('bounds are inclusive and optional', () => {
    expect(inRange('2026-11-23', '2026-11-23', '2026-11-23')).toBe(true);
    expect(inRange('2026-11-24', '', '2026-11-23')).toBe(false);
    expect(inRange('2026-11-22', '2026-11-23', '')).toBe(false);
    expect(inRange('2026-11-22', null, null)).toBe(true);
  });
});

describe('weekdays and ranges in Japanese', () => {
  const ja = (k: Parameters<typeof translate>[1], p?: Record<string, string | number>) =>
    translate('ja', k, p);
  it('月〜金 with a wave dash, 土・日 with a middle dot', () => {
    expect(daysWords([1, 2, 3, 4, 5], ja)).toBe('月〜金');
    expect(daysWords([0, 6], ja)).toBe('日・土');
  });
  it('the date field’s messages name the Japanese form', () => {
    expect(ja('date.invalid', { example: formatDay('2026-11-23', 'ja-JP') })).toContain(
      '2026/11/23',
    );
    expect(ja('date.outOfRange', { min: '2026/11/01', max: '2026/11/23' })).toContain(
      '2026/11/01〜2026/11/23',
    );
  });
});
