import type { Backend } from './backend';
import { HttpBackend } from './http';

export type { Backend, Unlisten, AnyCommandName, AnyRequest, AnyResponse } from './backend';
export {
  BackendError,
  type ErrorCategory,
  type ErrorCode,
  type ErrorDetails,
  type ErrorPayload,
} from './errors';
export type * from './commands';
export {
  COMMAND_NAMES,
  DESKTOP_COMMAND_NAMES,
  FILE_DROP_EVENT,
  LIMITS,
  OPERATIONS,
  OPEN_SCREEN_EVENT,
  SIGN_IN_FINISHED_EVENT,
  UPDATE_STATUS_EVENT,
} from './commands';

declare global {
  interface Window {
    __TAURI_INTERNALS__?: unknown;
  }
}

/** Picks the implementation once at startup: Tauri when its IPC bridge is present, else HTTP. */
export async function createBackend(): Promise<Backend> {
  if (typeof window !== 'undefined' && window.__TAURI_INTERNALS__) {
    const { TauriBackend } = await import('./tauri');
    return new TauriBackend();
  }
  return new HttpBackend();
}
