// The words several screens share, here in i18n/.
import { errorsEn } from './errors.en';
import { setupEn } from './setup.en';
import { datesEn } from './dates.en';
import { offlineEn } from './offline.en';
import { keychainEn } from './keychain.en';
import { updatesEn } from './updates.en';
import { tablesEn } from './tables.en';
// Each screen's words, in its folder.
import { connectEn } from '../screens/connect/connect.en';
import { signInEn } from '../screens/signin/signin.en';
import { organizationsEn } from '../screens/organizations/organizations.en';
import { todayEn } from '../screens/today/today.en';
import { locksEn } from '../screens/locks/locks.en';
import { groupsEn } from '../screens/groups/groups.en';
import { usersEn } from '../screens/users/users.en';
import { invitationsEn } from '../screens/invitations/invitations.en';
import { templatesEn } from '../screens/invitations/templates.en';
import { historyEn } from '../screens/history/history.en';
import { archiveEn } from '../screens/history/archive.en';
import { activityEn } from '../screens/activity/activity.en';
import { watchEn } from '../screens/watch/watch.en';
import { teamAlertsEn } from '../screens/watch/teamalerts.en';
import { reportsEn } from '../screens/reports/reports.en';
import { directoryEn } from '../screens/directory/directory.en';
import { accountEn } from '../screens/account/account.en';
import { proxyEn } from '../screens/account/proxy.en';
import { teamEn } from '../screens/account/team.en';
import { shellEn } from '../screens/account/shell.en';

// English messages: the catalogues above, and the words of the app, the navigation, the palette,
// validation and the core's data. Every key must exist in ja.ts too (checked by the type and a test).
export const en = {
  ...errorsEn,
  ...setupEn,
  ...datesEn,
  ...offlineEn,
  ...keychainEn,
  ...updatesEn,
  ...tablesEn,
  ...connectEn,
  ...signInEn,
  ...organizationsEn,
  ...todayEn,
  ...locksEn,
  ...groupsEn,
  ...usersEn,
  ...invitationsEn,
  ...templatesEn,
  ...historyEn,
  ...archiveEn,
  ...activityEn,
  ...watchEn,
  ...teamAlertsEn,
  ...reportsEn,
  ...directoryEn,
  ...accountEn,
  ...proxyEn,
  ...teamEn,
  ...shellEn,
  'app.name': 'Lockdesk',
  'app.loading': 'Loading…',
  'app.retry': 'Try again',
  'app.cancel': 'Cancel',
  'app.save': 'Save',
  'app.saving': 'Saving…',
  'app.close': 'Close',
  'app.delete': 'Delete',
  'app.edit': 'Edit',
  'app.search': 'Search',
  'app.refresh': 'Refresh',
  'app.next': 'Next',
  'app.previous': 'Previous',
  'app.on': 'On',
  'app.off': 'Off',
  'app.language': 'Language',
  'app.demoBadge': 'Demo',
  'app.screenLoadFailed':
    'This screen could not be loaded. Close Lockdesk and start it again; if it happens again, install Lockdesk anew.',
  'app.skipToContent': 'Skip to main content',
  'app.confirm': 'Confirm',
  'app.done': 'Done',
  'app.other': 'Other ({value})',
  'drawer.close': 'Close (Esc)',

  // Wording of the core's data (ui/src/lib/words): days, time windows, how a lock was worked.
  'days.short.0': 'Sun',
  'days.short.1': 'Mon',
  'days.short.2': 'Tue',
  'days.short.3': 'Wed',
  'days.short.4': 'Thu',
  'days.short.5': 'Fri',
  'days.short.6': 'Sat',
  'days.range': '{from}–{to}',
  'days.separator': ', ',
  'days.every': 'every day',
  'days.none': 'no days',
  'time.range': '{start}–{end}',
  'time.daysAndTime': '{days}, {time}',
  'clientType.mobile_app': 'Phone app',
  'clientType.manager': 'Web console / URL key',
  'clientType.nfc_outside': 'IC card (outside)',
  'clientType.nfc_inside': 'IC card (inside)',
  'clientType.autolock': 'Auto-lock',
  'clientType.hand': 'By hand',
  'clientType.button': 'Button',

  'nav.label': 'Main',
  'nav.connect': 'Connections',
  'nav.signIn': 'Sign in',
  'nav.organizations': 'Organizations',
  'nav.locks': 'Locks',
  'nav.lockGroups': 'Lock groups',
  'nav.users': 'Users',
  'nav.invitations': 'Invitations',
  'nav.userGroups': 'User groups',
  'nav.history': 'History',
  'nav.activity': 'Activity',
  'nav.account': 'Account',

  'palette.open': 'Go to…',
  'palette.title': 'Go to a screen, lock or user',
  'palette.placeholder': 'Name or ID of a screen, lock or user',
  'palette.results': 'Matches',
  'palette.kind.screen': 'Screen',
  'palette.kind.lock': 'Lock',
  'palette.kind.user': 'User',
  'palette.noMatch': 'Nothing matches “{query}”.',
  'palette.loading': 'Loading locks and users…',
  'palette.loadFailed':
    'Some locks or users could not be loaded; what is listed may be incomplete.',
  'palette.shortcuts': 'Keyboard shortcuts',
  'palette.shortcut.palette': 'Open or close this list',
  'palette.shortcut.move': 'Move through matches, the navigation or the lock list',
  'palette.shortcut.enter': 'Go to the highlighted match; open the focused lock',
  'palette.shortcut.escape': 'Close this list, a form or a dialog',
  'palette.shortcut.ends': 'First or last item of the navigation',

  'validate.empty': 'Required.',
  'validate.lockNameTooLong': '{count} characters; a lock name has at most {max}.',
  'validate.limit': 'Enter a whole number from 1 to {max}.',
  'validate.mail': 'This is not an e-mail address.',
  'validate.mailRequired': 'Enter an e-mail address.',
  'validate.managerNeedsMail': 'A manager needs an e-mail address.',
  'validate.url': 'Enter an address starting with https:// (http:// only for this computer).',
  'validate.redirectHttps': 'The redirect address must start with https://.',
  'validate.image': '“{name}” is not an image. Drop a PNG, JPEG, GIF or WebP file.',
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
