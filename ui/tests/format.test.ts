import { describe, expect, it } from 'vitest';
import * as f from '../src/lib/format';
import { translate } from '../src/lib/i18n/index.svelte';

describe('client_type in words', () => {
  const words: Record<string, string> = {
    mobile_app: 'Phone app',
    manager: 'Web console / URL key',
    nfc_outside: 'IC card (outside)',
    nfc_inside: 'IC card (inside)',
    autolock: 'Auto-lock',
    hand: 'By hand',
    button: 'Button',
  };
  it.each(Object.entries(words))('%s → %s', (ct, text) => {
    expect(translate('en', f.clientTypeKey(ct))).toBe(text);
  });
  it('unknown kinds are "Other", in Japanese too', () => {
    expect(translate('en', f.clientTypeKey('teleport'))).toBe('Other');
    expect(translate('ja', f.clientTypeKey('hand'))).toBe('手動');
  });
});

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
  it('days collapse into runs', () => {
    expect(f.formatDays([1, 2, 3, 4, 5], 'en-GB', 'every day')).toBe('Mon–Fri');
    expect(f.formatDays([0, 6], 'en-GB', 'every day')).toBe('Sun, Sat');
    expect(f.formatDays([0, 1, 2, 3, 4, 5, 6], 'en-GB', 'every day')).toBe('every day');
    expect(f.formatDays([], 'en-GB', 'every day')).toBeNull();
  });
  it('clock times show the offset only when it is not ours', () => {
    expect(f.formatClock('09:00+09:00', 540)).toBe('09:00');
    expect(f.formatClock('09:00+09:00', 0)).toBe('09:00 (UTC+09:00)');
  });
});

describe('batteries (core thresholds)', () => {
  it('ok ≥ 30, low 10–29, critical < 10', () => {
    expect(f.batteryLevel(30)).toBe('ok');
    expect(f.batteryLevel(29)).toBe('low');
    expect(f.batteryLevel(9)).toBe('critical');
    expect(f.batteryLevel(null)).toBe('unknown');
  });
});
