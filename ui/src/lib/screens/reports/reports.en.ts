// English words of the Reports screen (scheduled reports of the history), merged into en.ts.
// Every key must exist in reports.ja.ts too (the type checks it). `reports.weekday.<n>` names
// each day as the core numbers them (0 = Sunday). The formats are History's export words
// (`history.format.*`).
export const reportsEn = {
  'nav.reports': 'Reports',
  'reports.title': 'Reports',
  'reports.intro':
    'A report writes the entry and exit records, the time card or the watcher’s alerts of the day, week or month before as a file into a folder, for example a shared folder of the office. Reports are kept on this computer. While Lockdesk runs (also in the tray), it writes each report when it is due; one missed while the computer was off is written once when it is back. For when Lockdesk is closed, schedule lockctl reports run --due.',
  'reports.zone':
    'Times are in the organization’s time zone ({zone}), set with the office hours on the Watch screen.',
  'reports.add': 'Add report',
  'reports.empty':
    'No reports yet. Add one to have the entry and exit records of the day, week or month before written to a folder of your choice, such as a shared folder, as an Excel workbook, CSV or JSON Lines file.',
  'reports.otherOrgs':
    'Reports of other organizations are not shown here ({count}); choose that organization to see them.',

  'reports.fact.what': 'Contents',
  'reports.fact.when': 'Schedule',
  'reports.fact.file': 'File',
  'reports.fact.folder': 'Folder',
  'reports.fact.due': 'Period due',
  'reports.fact.lastRun': 'Last run',
  'reports.fileKind': '{format}, headers in {language}',
  'reports.what.all': 'Every lock',
  'reports.what.one': '1 lock: {names}',
  'reports.what.some': '{count} locks: {names}',
  'reports.nameSeparator': ', ',
  'reports.when.daily': 'Every day at {at}, about the day before',
  'reports.when.weekly': 'Every {weekday} at {at}, about the 7 days before',
  'reports.when.monthly': 'Every month on day {day} at {at}, about the month before',
  'reports.when.firstOfficeDay':
    'On the first office day of every month at {at}, about the month before',
  'reports.weekday.0': 'Sunday',
  'reports.weekday.1': 'Monday',
  'reports.weekday.2': 'Tuesday',
  'reports.weekday.3': 'Wednesday',
  'reports.weekday.4': 'Thursday',
  'reports.weekday.5': 'Friday',
  'reports.weekday.6': 'Saturday',
  'reports.language.ja': 'Japanese',
  'reports.language.en': 'English',
  'reports.period.range': '{from}–{to}',
  'reports.period.none': 'Not known (the office hours cannot be read)',

  'reports.run.never': 'Not run yet',
  'reports.run.running': 'Being written since {time} ({period})',
  'reports.run.done': 'Written {time} ({period}): {records} records',
  'reports.run.incomplete':
    'Holds the records up to {time} only: sign in to history and run it again.',
  'reports.run.failed': 'Failed {time} ({period}): {error}',
  'reports.runNow': 'Run now',
  'reports.running': 'Writing…',
  'reports.runningHint':
    'Bringing the history archive up to date, then writing the file. This can take a while; the rest of the screen stays usable.',
  'reports.outcome.written': 'Wrote {records} records to {file}',
  'reports.outcome.writtenIncomplete':
    'Wrote {records} records to {file}, but the archive reaches only until {time}: sign in to history and run it again.',
  'reports.outcome.alreadyWritten': 'This period was already written: {file}',
  'reports.outcome.busy':
    'Another Lockdesk program is writing this report right now. Try again in a moment.',
  'reports.outcome.otherOrganization':
    'This report belongs to another organization. Choose that organization to run it.',
  'reports.outcome.failed': 'The report could not be written.',
  'reports.sync.skipped':
    'The archive was being synced by another program; the file holds what was archived.',
  'reports.sync.failed': 'The archive could not be synced; the file holds what was archived.',
  'reports.remove': 'Remove',
  'reports.removeConfirm': 'Remove the report “{name}”? Files it has written stay in their folder.',
  'reports.removed': 'Report removed.',

  'reports.form.title': 'New report',
  'reports.form.name': 'Name',
  'reports.form.nameHint': 'The file name starts with it.',
  'reports.defaultName': 'Entry history',
  'reports.defaultName.timecard': 'Time card',
  'reports.defaultName.alerts': 'Watch alerts',
  'reports.defaultName.batteries': 'Batteries to replace',
  'reports.defaultName.journal': 'Activity',
  'reports.defaultName.access_review': 'Access review',
  'reports.kind.access_review': 'Access review (who has a door)',
  'reports.kindHint.access_review':
    'Every user and open invitation when the report runs: role, user groups, last record, days since, what the directory says, and empty columns for the reviewer’s sign-off. Leavers still present, no record in 90 days and managers are marked.',
  'reports.kind.batteries': 'Batteries to replace',
  'reports.kind.journal': 'Activity (changes made through Lockdesk)',
  'reports.kindHint.batteries':
    'The batteries below the Watch threshold when the report runs, lowest first, by device.',
  'reports.kindHint.journal':
    'Every change made through Lockdesk on this computer in the period, with its outcome.',
  'reports.kind.history': 'Entry history',
  'reports.kind.timecard': 'Time card',
  'reports.kind.alerts': 'Watch alerts',
  'reports.kindHint.history': 'Every entry and exit record of the period.',
  'reports.kindHint.timecard':
    'Each person’s first entry and last exit per day of the period, from the history.',
  'reports.kindHint.alerts': 'The watcher’s alerts raised in the period, of every lock.',
  'reports.form.kind': 'Contents',
  'reports.what.withLocks': '{kind} · {locks}',
  'reports.what.user': 'person: {user}',
  'reports.what.separator': ' · ',
  'reports.action.any': 'Every record',
  'reports.action.unlocked': 'Unlockings only',
  'reports.action.locked': 'Lockings only',
  'reports.form.filters': 'Only these records (optional)',
  'reports.form.user': 'Person',
  'reports.form.userHint':
    'A user ID, or part of a name or e-mail address; every person when empty.',
  'reports.form.methods': 'Methods (every method when none is ticked)',
  'reports.form.action': 'Locked or unlocked',
  'reports.form.locks': 'Locks',
  'reports.form.allLocks': 'Every lock (also locks added later)',
  'reports.form.pickLocks': 'Locks in the report',
  'reports.form.noLocks': 'This organization has no locks.',
  'reports.form.every': 'Runs',
  'reports.every.daily': 'Every day (the day before)',
  'reports.every.weekly': 'Every week (the 7 days before)',
  'reports.every.monthly': 'Every month on a day (the month before)',
  'reports.every.firstOfficeDay': 'Every month on its first office day (the month before)',
  'reports.form.weekday': 'Day of the week',
  'reports.form.day': 'Day of the month',
  'reports.form.at': 'Time',
  'reports.form.format': 'Format',
  'reports.form.language': 'Language of the file',
  'reports.form.languageHint': 'Its column headers and words.',
  'reports.form.folder': 'Folder',
  'reports.form.folderHint':
    'The full path of an existing folder, e.g. \\\\fileserver\\share\\history or /Volumes/share/history.',
  'reports.form.folderHintDesktop': 'An existing folder, such as a shared folder: use Choose….',
  'reports.form.choose': 'Choose…',
  'reports.form.chooseLabel': 'Choose the folder',
  'reports.form.preview': 'File name, for example',
  'reports.form.save': 'Add report',
  'reports.added': 'Report added.',
  'reports.notAdded': 'Not added: correct the fields marked above. Nothing was stored.',
  'reports.invalid.name': 'Enter a name of 1 to {max} characters.',
  'reports.invalid.locks': 'Choose at least one lock, or every lock.',
  'reports.invalid.time': 'Enter a time from 00:00 to 23:59, such as 08:00.',
  'reports.invalid.weekday': 'Choose a day of the week.',
  'reports.invalid.day': 'Enter a day from {min} to {max} (every month has it).',
  'reports.invalid.folder': 'Enter the full path of a folder.',
  'reports.invalid.folderRefused':
    'There is no folder at this path on this computer. Check the path, and that the shared folder can be reached.',
  'reports.invalid.folderChoose': 'Choose the folder with Choose….',
  'reports.invalid.lockElsewhere':
    'A chosen lock is not a lock of this organization. Choose the locks again.',
} as const;

export type ReportsMessageKey = keyof typeof reportsEn;
