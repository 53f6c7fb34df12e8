// Background watching lives in the desktop shell (`watcher_status_get` / `watcher_pause_set`):
// the Watch screen and Today read whether it is paused (also from the tray) and the Watch
// screen switches it. The browser (test host) has no shell and no background watching.
import type { Backend, WatcherStatusView } from '../backend';

export const watcher = $state({ status: null as WatcherStatusView | null });

/** How background watching stands; null without the desktop shell. */
export async function readWatcher(b: Backend): Promise<WatcherStatusView | null> {
  if (b.kind !== 'tauri') return null;
  watcher.status = await b.call('watcher_status_get', {});
  return watcher.status;
}

/** Pauses or resumes background watching (the tray follows); desktop only. */
export async function setWatcherPaused(b: Backend, paused: boolean): Promise<void> {
  if (b.kind !== 'tauri') return;
  watcher.status = await b.call('watcher_pause_set', { paused });
}
