// Japanese words of the date field: the same keys as dates.en.ts (the type checks it), merged
// into ja.ts.
import type { DatesMessageKey } from './dates.en';

export const datesJa: Record<DatesMessageKey, string> = {
  'date.openCalendar': 'カレンダーから日付を選択',
  'date.calendar': 'カレンダー',
  'date.previousMonth': '前の月',
  'date.nextMonth': '次の月',
  'date.today': '今日',
  'date.clear': 'クリア',
  'date.invalid': '日付は {example} の形式で入力してください。',
  'date.placeholder': '例：{example}',
  'date.outOfRange': '{min}〜{max} の日付を選択してください。',
  'date.before': '{max} 以前の日付を選択してください。',
  'date.after': '{min} 以降の日付を選択してください。',
};
