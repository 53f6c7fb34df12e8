// The command maps come from Rust (ts-rs, `lockdesk_commands!` and `lockdesk_desktop_commands!`):
// see types/commands.ts. This file only adds helper aliases and the desktop events; it never
// restates a request or response type.

import type { CommandName, Commands } from './types/commands';
import type { FileDropEvent } from './types/FileDropEvent';
import type { OpenScreenEvent } from './types/OpenScreenEvent';
import type { SignInFinishedEvent } from './types/SignInFinishedEvent';
import type { UpdateStatusView } from './types/UpdateStatusView';
import {
  FILE_DROP_EVENT,
  OPEN_SCREEN_EVENT,
  SIGN_IN_FINISHED_EVENT,
  UPDATE_STATUS_EVENT,
} from './types/commands';

export type { CommandName, Commands, DesktopCommandName, DesktopCommands } from './types/commands';
export {
  COMMAND_NAMES,
  DESKTOP_COMMAND_NAMES,
  FILE_DROP_EVENT,
  LIMITS,
  OPEN_SCREEN_EVENT,
  OPERATIONS,
  SIGN_IN_FINISHED_EVENT,
  UPDATE_STATUS_EVENT,
} from './types/commands';
export type Request<C extends CommandName> = Commands[C]['req'];
export type Response<C extends CommandName> = Commands[C]['res'];

/** Events the desktop shell emits to the main window (Tauri only; the HTTP host has none). */
export type Events = {
  [FILE_DROP_EVENT]: FileDropEvent;
  [OPEN_SCREEN_EVENT]: OpenScreenEvent;
  [SIGN_IN_FINISHED_EVENT]: SignInFinishedEvent;
  [UPDATE_STATUS_EVENT]: UpdateStatusView;
};
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = Events[E];

// Every generated type, for imports like `import type { LockView } from '../backend'`.
export type * from './types/index';
