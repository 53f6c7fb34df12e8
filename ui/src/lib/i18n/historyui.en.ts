// English words of the History screen's status lines (history sign-in, archive, sync), tabs and
// export, merged into en.ts. Every key must exist in historyui.ja.ts too (the type checks it).
export const historyUiEn = {
  'historyui.v2.left': 'History sign-in: {h} h {m} min left',
  'historyui.v2.leftMin': 'History sign-in: {m} min left',
  'historyui.complete.fetching': 'Complete back to {date}; older records are still being fetched.',
  'historyui.complete.partial':
    'Complete back to {date}; older records have not been fetched yet. Sync to fetch them.',
  'historyui.v2.expired':
    'The history sign-in has expired (it lasts two hours). Renew it to fetch new records; what is already on this computer stays readable.',
  'historyui.v2.none': 'History needs its own sign-in (v2).',
  'historyui.v2.renew': 'Renew',
  'historyui.v2.signIn': 'Sign in for history',
  'historyui.v2.close': 'Close',
  'historyui.archive.line': 'Archive: {n} records, synced {time}',
  'historyui.archive.never': 'Archive: {n} records, never synced',
  'historyui.sync.running': 'Syncing {done} of {total} locks · {records} records',
  'historyui.details': 'Details',
  'historyui.tabs': 'How to show the records',
  'historyui.export': 'Export',
  'historyui.format': 'Format',
  'historyui.format.csv': 'CSV (Excel)',
  'historyui.format.jsonl': 'JSON Lines',
  'historyui.format.xlsx': 'Excel workbook (.xlsx)',
  'historyui.empty.signIn':
    'Nothing is on this computer yet. Sign in for history, and the records are copied here.',
  'historyui.empty.syncing': 'Copying the records to this computer…',
} as const;

export type HistoryUiMessageKey = keyof typeof historyUiEn;
