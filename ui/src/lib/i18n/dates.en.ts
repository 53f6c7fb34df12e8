// English words of the date field (components/DateField.svelte), merged into en.ts. Every key
// must exist in dates.ja.ts too (the type checks it).
export const datesEn = {
  'date.openCalendar': 'Choose a date from a calendar',
  'date.calendar': 'Calendar',
  'date.previousMonth': 'Previous month',
  'date.nextMonth': 'Next month',
  'date.today': 'Today',
  'date.clear': 'Clear',
  'date.invalid': 'Enter a date like {example}.',
  'date.placeholder': 'e.g. {example}',
  'date.outOfRange': 'Choose a date from {min} to {max}.',
  'date.before': 'Choose a date on or before {max}.',
  'date.after': 'Choose a date on or after {min}.',
} as const;

export type DatesMessageKey = keyof typeof datesEn;
