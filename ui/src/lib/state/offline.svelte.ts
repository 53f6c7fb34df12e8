// Whether the app shows data kept for offline reading: set by every list answer (through the
// backend wrapper), read by the banner and by every write control (`offline.active` disables
// it: changes are never queued).
import type { AnyCommandName, AnyRequest, AnyResponse, Backend } from '../backend';
import { afterAnswer } from '../offline';

export const offline = $state({
  active: false,
  asOf: null as string | null,
  /** Bumped by "Try again": the screen is shown afresh, its lists read again. */
  generation: 0,
});

/** `backend` with every answer noted: a cached list answer shows the banner, a fresh one hides it. */
export function watchOffline(backend: Backend): Backend {
  return {
    kind: backend.kind,
    onEvent: (name, handler) => backend.onEvent(name, handler),
    typedFolder: backend.typedFolder?.bind(backend),
    typedFile: backend.typedFile?.bind(backend),
    async call<C extends AnyCommandName>(cmd: C, req: AnyRequest<C>): Promise<AnyResponse<C>> {
      const res = await backend.call(cmd, req);
      const next = afterAnswer(offline, cmd, res);
      offline.active = next.active;
      offline.asOf = next.asOf;
      return res;
    },
  };
}

/** "Try again": the current screen reads its lists again; a fresh answer ends offline. */
export function retryOnline(): void {
  offline.generation += 1;
}
