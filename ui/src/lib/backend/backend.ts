import type {
  CommandName,
  DesktopCommandName,
  DesktopCommands,
  Commands,
  EventName,
  EventPayload,
} from './commands';

export type Unlisten = () => void;

/** Every command the UI may call: the core's (generated map) and the desktop shell's. */
export type AnyCommandName = CommandName | DesktopCommandName;
type AllCommands = Commands & DesktopCommands;
export type AnyRequest<C extends AnyCommandName> = AllCommands[C]['req'];
export type AnyResponse<C extends AnyCommandName> = AllCommands[C]['res'];

/**
 * The one interface the UI uses to reach the core. Two implementations: `tauri.ts` (IPC in the
 * desktop app) and `http.ts` (the loopback test host). Both fail with `BackendError`.
 */
export interface Backend {
  readonly kind: 'tauri' | 'http';
  call<C extends AnyCommandName>(cmd: C, req: AnyRequest<C>): Promise<AnyResponse<C>>;
  /** Subscribes to a desktop event (file drops, sign-in window); the HTTP host never emits. */
  onEvent<E extends EventName>(
    name: E,
    handler: (payload: EventPayload<E>) => void,
  ): Promise<Unlisten>;
  /**
   * The browser test host's stand-in for the folder dialog (it has none): the handle of the
   * folder at a typed path. The desktop app has only its dialog (`folders_choose`).
   */
  typedFolder?(path: string): Promise<string>;
  /**
   * The browser test host's stand-in for the open dialog (`files_choose_csv`): the file at a
   * typed path, which the core may then read, as the dialog's answer would allow it. The desktop
   * app has only its dialog.
   */
  typedFile?(path: string): Promise<string>;
}
