import { describe, expect, it } from 'vitest';
import * as f from '../src/lib/format';

describe('times in the local time zone', () => {
  it('formats an instant in the given zone', () => {
    const iso = '2024-03-01T23:30:15.123Z';
    expect(f.formatDateTime(iso, 'en-GB', 'Asia/Tokyo')).toBe('02/03/2024, 08:30:15');
    expect(f.formatDateTime(iso, 'ja-JP', 'Asia/Tokyo')).toBe('2024/03/02 08:30:15');
    expect(f.formatDateTime(iso, 'en-GB', 'UTC')).toBe('01/03/2024, 23:30:15');
  });
  it('empty for missing values, raw for nonsense', () => {
    expect(f.formatDateTime(null, 'en-GB')).toBe('');
    expect(f.formatDateTime('not a date', 'en-GB')).toBe('not a date');
  });
  it('date inputs give local day bounds', () => {
    const start = new Date(f.localDayStart('2024-05-06'));
    const end = new Date(f.localDayEnd('2024-05-06'));
    expect(start.getHours()).toBe(0);
    expect(end.getHours()).toBe(23);
    expect(end.getTime() - start.getTime()).toBe(24 * 3600 * 1000 - 1);
    expect(f.dateInputValue(1, new Date(2024, 0, 1, 12))).toBe('2023-12-31');
  });
});

describe('schedules', () => {
  it('time zones by their name in the language', () => {
    expect(f.timeZoneName('ja-JP', 'Asia/Tokyo')).toBe('日本標準時');
    expect(f.timeZoneName('en-GB', 'Asia/Tokyo')).toBe('Japan Standard Time');
    expect(f.timeZoneName('ja-JP', 'UTC')).toBe('協定世界時');
  });
  it('clock times show the offset only when it is not ours', () => {
    expect(f.formatClock('09:00+09:00', 540)).toBe('09:00');
    expect(f.formatClock('09:00+09:00', 0)).toBe('09:00 (UTC+09:00)');
  });
});
