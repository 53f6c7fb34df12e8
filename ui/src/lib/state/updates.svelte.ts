// Updates live in the desktop shell (`updates_*` commands, the `updates://status` event): the
// banner shows a download and a version ready to install, Account the settings and a check.
// The browser (test host) has no shell and never updates itself.
import { UPDATE_STATUS_EVENT, type Backend, type UpdateStatusView } from '../backend';

export const updates = $state({ status: null as UpdateStatusView | null });

/** Reads the status and follows its changes; desktop only. Returns the unlisten. */
export function followUpdates(b: Backend): () => void {
  if (b.kind !== 'tauri') return () => undefined;
  let stop: (() => void) | null = null;
  let stopped = false;
  void b
    .onEvent(UPDATE_STATUS_EVENT, (s) => (updates.status = s))
    .then((un) => (stopped ? un() : (stop = un)));
  void b
    .call('updates_status', {})
    .then((s) => (updates.status ??= s))
    .catch(() => undefined);
  return () => {
    stopped = true;
    stop?.();
  };
}

export async function checkForUpdates(b: Backend): Promise<void> {
  if (b.kind !== 'tauri') return;
  updates.status = await b.call('updates_check', {});
}

export async function setAutomaticUpdates(b: Backend, automatic: boolean): Promise<void> {
  if (b.kind !== 'tauri') return;
  updates.status = await b.call('updates_automatic_set', { automatic });
}

export async function restartToUpdate(b: Backend): Promise<void> {
  if (b.kind !== 'tauri') return;
  await b.call('updates_restart', {});
}
