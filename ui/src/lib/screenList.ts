// Every screen once: its route name, its title's catalogue key, what it needs before it can
// open, and whether it is a setup step (reached through the first-run path or the switcher,
// not the list). The router's names, the navigation, the command palette and the screen shown
// (App.svelte's exhaustive map) all read this list.
import type { MessageKey } from './i18n/en';
import type { Need } from './setup';

export interface ScreenEntry {
  screen: string;
  key: MessageKey;
  need: Need;
  setup?: true;
}

export const SCREEN_LIST = [
  { screen: 'connect', key: 'nav.connect', need: 'none', setup: true },
  { screen: 'sign-in', key: 'nav.signIn', need: 'none', setup: true },
  { screen: 'organizations', key: 'nav.organizations', need: 'signIn', setup: true },
  { screen: 'today', key: 'nav.today', need: 'org' },
  { screen: 'locks', key: 'nav.locks', need: 'org' },
  { screen: 'lock-groups', key: 'nav.lockGroups', need: 'org' },
  { screen: 'users', key: 'nav.users', need: 'org' },
  { screen: 'invitations', key: 'nav.invitations', need: 'org' },
  { screen: 'user-groups', key: 'nav.userGroups', need: 'org' },
  { screen: 'directory', key: 'nav.directory', need: 'org' },
  { screen: 'history', key: 'nav.history', need: 'signIn' },
  { screen: 'activity', key: 'nav.activity', need: 'none' },
  { screen: 'watch', key: 'nav.watch', need: 'org' },
  { screen: 'reports', key: 'nav.reports', need: 'org' },
  { screen: 'account', key: 'nav.account', need: 'none' },
] as const satisfies readonly ScreenEntry[];

export type Screen = (typeof SCREEN_LIST)[number]['screen'];
export type ScreenItem = Omit<ScreenEntry, 'screen'> & { screen: Screen };
