// English words of the Directory screen (who should have a door, as the company's directory
// says), merged into en.ts. Every key must exist in directory.ja.ts too (the type checks it).
// `directory.kind.<kind>` and `directory.hint.<kind>` name each kind of source as the core's
// `SourceKind` tags it; `directory.outcome.<outcome>` each `ApplyOutcome`.
export const directoryEn = {
  'nav.directory': 'Directory',
  'directory.title': 'Directory',
  'directory.intro':
    'Let the company’s directory decide who has a door. Lockdesk reads your HR system’s CSV export or your directory, and plans who leaves, who joins and whose details changed. Nothing changes until you apply the plan; managers and the people on the exceptions list are never changed automatically. Sources are kept on this computer.',

  'directory.sources': 'Sources',
  'directory.sourcesCaption': 'Directory sources',
  'directory.col.kind': 'Kind',
  'directory.col.name': 'Name',
  'directory.col.reads': 'Reads',
  'directory.col.actions': 'Actions',
  'directory.empty': 'No source yet: add your HR system’s CSV export or your directory.',
  'directory.addSource': 'Add a source',
  'directory.kind.hr_csv': 'HR CSV',
  'directory.kind.entra_id': 'Microsoft Entra ID',
  'directory.kind.google_workspace': 'Google Workspace',
  'directory.kind.ldap': 'Active Directory / LDAP',
  'directory.where.group': '{tenant}, members of the group {group}',
  'directory.where.query': '{admin}, the users found by {query}',
  'directory.where.ldap': '{url}, under {base}',
  'directory.remove': 'Remove',
  'directory.removeConfirm':
    'Remove the source “{name}”? The plan no longer reads it, and its sign-in is deleted from this computer. No user is changed.',
  'directory.removed': 'Source removed.',

  'directory.form.title': 'Add a source',
  'directory.form.kind': 'Kind',
  'directory.form.name': 'Name',
  'directory.form.nameHint': 'How the source is listed here and in the plan.',
  'directory.hint.hr_csv':
    'The CSV file your HR system exports (SmartHR, freee, Jobcan and the like; a CSV saved by Excel is fine). Its first row names the columns: the employee number and the name are needed (社員番号, 氏名), the e-mail address, joining day and leaving day are read when present. The file is read again at each plan: export it over the same file.',
  'directory.hint.entra_id':
    'Ask IT for an app registration with the application permission User.Read.All (or GroupMember.Read.All to read one group only), with an administrator’s consent, and a client secret of it.',
  'directory.hint.google_workspace':
    'Ask IT for a service account with domain-wide delegation of the scope https://www.googleapis.com/auth/admin.directory.user.readonly, its JSON key file, and the administrator it acts for.',
  'directory.hint.ldap':
    'Ask IT for a read-only account. The server is reached with ldaps://, or with ldap:// and StartTLS; never unprotected.',
  'directory.form.path': 'CSV file',
  'directory.form.pathHint':
    'The full path of the file, e.g. \\\\fileserver\\hr\\employees.csv or /Volumes/hr/employees.csv.',
  'directory.form.pathHintDesktop': 'The export of your HR system: use Choose file….',
  'directory.form.choose': 'Choose file…',
  'directory.form.chooseLabel': 'Choose the CSV file',
  'directory.form.tenant': 'Tenant',
  'directory.form.tenantHint': 'The tenant’s ID or domain, e.g. contoso.onmicrosoft.com.',
  'directory.form.clientId': 'Application (client) ID',
  'directory.form.clientSecret': 'Client secret',
  'directory.form.entraAuth': 'Lockdesk signs in with',
  'directory.form.entraAuth.secret': 'a client secret',
  'directory.form.entraAuth.certificate': 'a certificate',
  'directory.form.entraAuth.administrator': 'my own account (sign in with a code)',
  'directory.form.administratorHint':
    'When you add the source, Microsoft gives a code: open its page in a browser, type the code and sign in with your work account. The app registration needs Graph’s delegated permission User.Read.All (or GroupMember.Read.All) and public client flows allowed. Lockdesk keeps your sign-in in this computer’s keychain.',
  'directory.form.signInOpen': 'Open',
  'directory.form.signInCode': 'in a browser and enter the code',
  'directory.form.signInWaiting': 'Waiting for you to sign in (the code lasts {minutes} minutes)…',
  'directory.form.certificateFile': 'Certificate file (PEM)',
  'directory.form.certificateHint':
    'The certificate uploaded to the app registration and its private key, in one PEM file. Only the private key is kept, in this computer’s keychain.',
  'directory.form.secretHint': 'Kept in this computer’s keychain only, never shown again.',
  'directory.form.groupId': 'Group object ID (optional)',
  'directory.form.groupIdHint':
    'Only the members of this group (also through nested groups); everyone in the tenant when empty.',
  'directory.form.admin': 'Administrator’s e-mail address',
  'directory.form.adminHint': 'The Google Workspace administrator the service account acts for.',
  'directory.form.keyFile': 'Service account’s JSON key file',
  'directory.form.keyFileHint': 'Read on this computer and kept in its keychain only, never shown.',
  'directory.form.keyRead': 'Service account: {mail}',
  'directory.form.query': 'Search (optional)',
  'directory.form.queryHint':
    'Only the users it finds, e.g. isSuspended=false; every user of the account when empty.',
  'directory.form.url': 'Server',
  'directory.form.urlHint': 'ldaps://dc01.example.co.jp, or ldap://… with StartTLS.',
  'directory.form.bindDn': 'Account Lockdesk signs in as',
  'directory.form.bindDnHint': 'Its DN, or user@domain.',
  'directory.form.password': 'Password',
  'directory.form.baseDn': 'Where the people are',
  'directory.form.baseDnHint': 'e.g. OU=Staff,DC=example,DC=co,DC=jp',
  'directory.form.advanced': 'Filter and attributes (optional)',
  'directory.form.filter': 'Filter',
  'directory.form.filterHint':
    'Which entries are people, in parentheses; Active Directory’s people when empty.',
  'directory.form.attributesHint':
    'Active Directory’s attributes when empty: employeeID, mail, displayName, userAccountControl.',
  'directory.form.employeeIdAttribute': 'Employee number',
  'directory.form.mailAttribute': 'E-mail address',
  'directory.form.nameAttribute': 'Name',
  'directory.form.disabledAttribute': 'Switched off',
  'directory.form.save': 'Read and add',
  'directory.form.saving': 'Reading…',
  'directory.form.savingHint':
    'The source is read now; nothing is kept when it cannot be read. This can take a few seconds.',
  'directory.added': 'Source added.',
  'directory.notAdded': 'Not added: correct the fields marked above. Nothing was stored.',
  'directory.invalid.name': 'Enter a name of 1 to {max} characters.',
  'directory.invalid.path': 'Enter the full path of the CSV file.',
  'directory.invalid.pathChoose': 'Choose the file with Choose file….',
  'directory.invalid.pathRefused':
    'Lockdesk reads only a file chosen with Choose file… or dropped onto the window. Choose it again.',
  'directory.invalid.columns':
    'No column of this file reads like the employee number or the name. Its first row must name them, such as 社員番号 and 氏名.',
  'directory.invalid.fileRow':
    'A row of this file cannot be read (a date, an e-mail address or a quote is not right). Correct the file, then add it again.',
  'directory.invalid.required': 'Enter this value.',
  'directory.invalid.value': 'This value was refused. Check it with IT.',
  'directory.invalid.mail': 'Enter an e-mail address.',
  'directory.invalid.certificate':
    'Choose a PEM file with the certificate and its private key (RSA, not encrypted).',
  'directory.invalid.keyFile':
    'Choose the service account’s JSON key file (Google Cloud: IAM, service accounts, keys).',
  'directory.invalid.url': 'Enter the server as ldaps://host or ldap://host.',
  'directory.invalid.filter': 'Enter an LDAP filter in parentheses, such as (objectClass=user).',
  'directory.invalid.tooMany': 'No more sources can be kept: remove one first.',

  'directory.plan.title': 'The plan',
  'directory.plan.intro':
    'What the directory says should change, read now from the sources and the service. Nothing changes until you apply it.',
  'directory.plan.reading':
    'Reading the sources and the organization’s users… This can take a few seconds.',
  'directory.plan.asOf':
    'For {day}: {people} people read from the sources, {users} users in the organization.',
  'directory.plan.sources': '({list})',
  'directory.plan.read': '{name}: {count} people',
  'directory.plan.countsLabel': 'The plan in numbers',
  'directory.count.remove': 'Leavers to remove',
  'directory.count.invite': 'Joiners to invite',
  'directory.count.update': 'Movers to update',
  'directory.count.held': 'Held for you to decide',
  'directory.count.later': 'Joining later',
  'directory.plan.nothing': 'Nothing to change: the organization matches the directory.',
  'directory.plan.nothingHeld':
    'Nothing to change automatically. The rows held below are for you to decide.',
  'directory.group.leavers': 'Leavers',
  'directory.group.joiners': 'Joiners',
  'directory.group.movers': 'Movers',
  'directory.group.ambiguous': 'Matched more than once',
  'directory.group.leaversHint':
    'Users the directory has as left or switched off, or does not have: removed from the organization.',
  'directory.group.joinersHint':
    'People of the directory who are not users yet: invited by e-mail, with their employee number as the user code.',
  'directory.group.moversHint':
    'Users whose name, e-mail address or user code differ from the directory’s: updated.',
  'directory.group.ambiguousHint':
    'People or users that match more than one on the other side: nothing is done for them. Correct the directory or the users.',
  'directory.col.employeeId': 'Employee number',
  'directory.col.mail': 'E-mail',
  'directory.col.change': 'What would change',
  'directory.change.removeLeft': 'Remove from the organization (left on {day})',
  'directory.change.removeOff': 'Remove from the organization (switched off in the directory)',
  'directory.change.removeMissing': 'Remove from the organization (not in the directory)',
  'directory.change.invite': 'Invite {mail} with the user code {code}',
  'directory.change.inviteNoCode': 'Invite {mail}',
  'directory.change.name': 'Name: {old} → {new}',
  'directory.change.mail': 'E-mail: {old} → {new}',
  'directory.change.code': 'User code: {old} → {new}',
  'directory.change.none': '(none)',
  'directory.held.manager': 'Held: a manager, decide yourself',
  'directory.held.exception': 'Held: on the exceptions list until {day} ({reason})',
  'directory.held.noMail': 'Held: no e-mail address, so no invitation can be sent',
  'directory.held.ambiguous': 'Held: matches {names}',
  'directory.held.separator': ', ',

  'directory.apply': 'Apply the plan…',
  'directory.applying': 'Applying…',
  'directory.applyingHint':
    'Each change is made at the service and noted in Activity. This can take a while.',
  'directory.applyConfirm':
    'Apply the plan? {remove} removed from the organization, {invite} invited, {update} updated. Held rows are not changed.',
  'directory.applyConfirmOk': 'Apply',
  'directory.mass':
    'Not applied: the plan removes {remove} of the organization’s {users} users, more than a fifth. A file cut short or a wrong group would do that: check the source first.',
  'directory.mass.apply': 'Apply anyway…',
  'directory.mass.confirm':
    'Really remove {remove} of the organization’s {users} users? Do this only when the source is right, for example after a reorganization.',
  'directory.mass.ok': 'Remove them and apply',
  'directory.changed':
    'Not applied: the plan changed since it was shown (the directory or the organization changed). It has been read again: check it, then apply.',
  'directory.results.title': 'Applied',
  'directory.results.summary': '{done} done, {failed} failed, {notAttempted} not attempted.',
  'directory.results.caption': 'What applying the plan did',
  'directory.col.applied': 'Change',
  'directory.col.outcome': 'Outcome',
  'directory.outcome.done': 'Done',
  'directory.outcome.failed': 'Failed',
  'directory.outcome.not_attempted': 'Not attempted',

  'directory.exceptions.title': 'Exceptions',
  'directory.exceptions.intro':
    'People the directory does not decide for until their last day: contractors, cleaning staff, shared accounts. Their rows are held in the plan.',
  'directory.exceptions.caption': 'Exceptions',
  'directory.exceptions.empty': 'No exceptions.',
  'directory.col.who': 'User code or e-mail',
  'directory.col.reason': 'Reason',
  'directory.col.until': 'Last day',
  'directory.exceptions.removeConfirm':
    'Remove the exception of “{who}”? The directory decides for them again from the next plan.',
  'directory.exceptions.removed': 'Exception removed.',
  'directory.exceptions.add': 'Add exception',
  'directory.exceptions.added': 'Exception added.',
  'directory.exceptions.who': 'User code or e-mail address',
  'directory.exceptions.reason': 'Reason',
  'directory.exceptions.reasonHint': 'e.g. contractor, cleaning staff, shared account',
  'directory.exceptions.until': 'Last day',
  'directory.exceptions.notAdded': 'Not added: correct the fields marked above.',
  'directory.invalid.who': 'Enter a user code or e-mail address.',
  'directory.invalid.reason': 'Enter a reason of 1 to {max} characters.',
  'directory.invalid.until': 'Enter a day from today on.',
} as const;

export type DirectoryMessageKey = keyof typeof directoryEn;
