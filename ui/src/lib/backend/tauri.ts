import { invoke } from '@tauri-apps/api/core';
import { listen } from '@tauri-apps/api/event';
import type { AnyCommandName, AnyRequest, AnyResponse, Backend, Unlisten } from './backend';
import type { EventName, EventPayload } from './commands';
import { BackendError } from './errors';

/**
 * The desktop app: Tauri IPC. Every command (src-tauri/src/commands.rs, signin.rs) takes its
 * request as the single argument `req` (`{}` for `NoArgs`) and rejects with an `ErrorPayload`.
 */
export class TauriBackend implements Backend {
  readonly kind = 'tauri' as const;

  async call<C extends AnyCommandName>(cmd: C, req: AnyRequest<C>): Promise<AnyResponse<C>> {
    try {
      return await invoke<AnyResponse<C>>(cmd, { req: req ?? {} });
    } catch (err) {
      throw BackendError.from(err);
    }
  }

  async onEvent<E extends EventName>(
    name: E,
    handler: (payload: EventPayload<E>) => void,
  ): Promise<Unlisten> {
    return listen<EventPayload<E>>(name, (e) => handler(e.payload));
  }
}
