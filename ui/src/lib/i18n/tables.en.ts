// English words that screen readers read out for tables and charts: the tables' captions (visually
// hidden where a heading already shows the same), the names of columns that show no heading, and
// the charts' tables of numbers; and the keys the tables answer to. Merged in en.ts; every key must
// exist in tables.ja.ts too (the type checks it).
export const tablesEn = {
  'table.caption.profiles': 'Saved connections',
  'table.caption.locks': 'Locks of this organization',
  'table.caption.users': 'People in this organization',
  'table.caption.activity': 'Changes made with Lockdesk',
  'table.caption.records': 'Entry and exit records',
  'table.caption.archiveLocks': 'The history archive, lock by lock',
  'table.caption.bulk': 'The rows of the file, each with its result',
  'table.col.signInState': 'Sign-in',
  'table.col.actions': 'Actions',
  'chart.showTable': 'Show the numbers as a table',
  'chart.col.hour': 'Hour',
  'chart.hourRow': '{h}:00',

  'table.pageSize': 'Per page',
  'table.keysHint': '↑ ↓ move · Enter opens · Esc closes · / searches',
} as const;

export type TablesMessageKey = keyof typeof tablesEn;
