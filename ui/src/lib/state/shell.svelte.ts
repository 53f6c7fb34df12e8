// The desktop shell's own settings (`shell_settings_get` / `shell_settings_set`): the UI's
// language, which the shell needs for the notifications and tray menu it words itself, and
// whether closing the window keeps watching in the tray. The browser (test host) has no shell.
import { OPEN_SCREEN_EVENT, type Backend, type ShellSettingsView } from '../backend';
import { go } from './router.svelte';

export const shell = $state({ settings: null as ShellSettingsView | null });

/** Tells the shell the UI's language (at start and on every change); desktop only. */
export async function tellShellLanguage(b: Backend, language: 'en' | 'ja'): Promise<void> {
  if (b.kind !== 'tauri') return;
  const current = shell.settings ?? (await b.call('shell_settings_get', {}));
  if (current.language === language) {
    shell.settings = current;
    return;
  }
  shell.settings = await b.call('shell_settings_set', { ...current, language });
}

/** Turns "keep watching in the tray when the window is closed" on or off; desktop only. */
export async function setKeepWatchingInTray(b: Backend, on: boolean): Promise<void> {
  if (b.kind !== 'tauri') return;
  const current = shell.settings ?? (await b.call('shell_settings_get', {}));
  shell.settings = await b.call('shell_settings_set', { ...current, keep_watching_in_tray: on });
}

/** Shows the screens the shell asks for (the macOS menu's Settings…, ⌘,: Account); the
 * returned function stops listening. The test host never asks. */
export function followShellScreens(b: Backend): () => void {
  let stopped = false;
  let unlisten: (() => void) | null = null;
  void b
    .onEvent(OPEN_SCREEN_EVENT, (e) => go(e.screen))
    .then((u) => {
      if (stopped) u();
      else unlisten = u;
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    unlisten?.();
  };
}
