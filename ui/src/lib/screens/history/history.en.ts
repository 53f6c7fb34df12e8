// English words of the History screen: the records and their filters, the status lines (history
// sign-in, archive, sync), the tabs and the export, merged into en.ts. Every key must exist in history.ja.ts too (the type checks it).
export const historyEn = {
  'history.v2.left': 'History sign-in: {h} h {m} min left',
  'history.v2.leftMin': 'History sign-in: {m} min left',
  'history.complete.fetching': 'Complete back to {date}; older records are still being fetched.',
  'history.complete.partial':
    'Complete back to {date}; older records have not been fetched yet. Sync to fetch them.',
  'history.v2.expired':
    'The history sign-in has expired (it lasts two hours). Renew it to fetch new records; what is already on this computer stays readable.',
  'history.v2.none': 'History needs its own sign-in (v2).',
  'history.v2.renew': 'Renew',
  'history.v2.signIn': 'Sign in for history',
  'history.v2.close': 'Close',
  'history.archive.line': 'Archive: {n} records, synced {time}',
  'history.team.here':
    'Synced here for the team: {given} records given to the team, {taken} taken in.',
  'history.team.syncing':
    "{computer} is syncing the team's archive now: {taken} records taken in, the rest at the next sync.",
  'history.team.by':
    "The team's archive was synced by {computer} at {time}: {taken} records taken in.",
  'history.archive.never': 'Archive: {n} records, never synced',
  'history.archive.updating':
    'Updating the archive for this version of Lockdesk. This happens once; a large archive takes a minute or two.',
  'history.sync.running': 'Syncing {done} of {total} locks · {records} records',
  'history.details': 'Details',
  'history.tabs': 'How to show the records',
  'history.export': 'Export',
  'history.format': 'Format',
  'history.format.csv': 'CSV (Excel)',
  'history.format.jsonl': 'JSON Lines',
  'history.format.xlsx': 'Excel workbook (.xlsx)',
  'history.empty.signIn':
    'Nothing is on this computer yet. Sign in for history, and the records are copied here.',
  'history.empty.syncing': 'Copying the records to this computer…',

  'history.title': 'Entry and exit history',
  'history.lock': 'Lock',
  'history.from': 'From',
  'history.to': 'To',
  'history.col.time': 'Time',
  'history.col.user': 'User',
  'history.col.action': 'Action',
  'history.col.how': 'How',
  'history.locked': 'Locked',
  'history.unlocked': 'Unlocked',
  'history.filterKind': 'How',
  'history.filterAction': 'Action',
  'history.allKinds': 'Any way',
  'history.allActions': 'Locked or unlocked',
  'history.noUser': '(no user)',
  'history.timeZone': 'Times are in your time zone ({tz}).',
} as const;

export type HistoryMessageKey = keyof typeof historyEn;
