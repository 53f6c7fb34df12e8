import type { UserView } from '../backend';
import type { MessageKey } from '../i18n/en';
import { SCREEN_LIST, type Screen } from '../screenList';
// Hash routing (`#/locks`): works from a file in Tauri and under the test host, and keeps Back working.

/** The route names, from the one list of screens. */
export const SCREENS: readonly Screen[] = SCREEN_LIST.map((s) => s.screen);
export type { Screen };

export function parseHash(hash: string): Screen | null {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0];
  return (SCREENS as readonly string[]).includes(name) ? (name as Screen) : null;
}

export const route = $state<{
  screen: Screen;
  /** Why the person was sent here from a greyed item (the line the step shows), with the
   * screen they wanted; null when they came on their own. */
  why: { key: MessageKey; screen: MessageKey } | null;
}>({
  screen: (typeof location !== 'undefined' && parseHash(location.hash)) || 'connect',
  why: null,
});

export function go(
  screen: Screen,
  why: { key: MessageKey; screen: MessageKey } | null = null,
): void {
  route.screen = screen;
  route.why = why;
  if (typeof location !== 'undefined' && parseHash(location.hash) !== screen)
    location.hash = `#/${screen}`;
}

export function startRouter(): () => void {
  const onHash = () => {
    const s = parseHash(location.hash);
    if (s && s !== route.screen) {
      route.screen = s;
      route.why = null;
    }
  };
  window.addEventListener('hashchange', onHash);
  return () => window.removeEventListener('hashchange', onHash);
}

/** What the command palette asked a screen to show once its data is in: a lock to select on
 * Locks, a user to open on Users. The screen clears it when it has done so. */
export const target = $state<{ lock: string | null; user: UserView | null }>({
  lock: null,
  user: null,
});
