// English words of the desktop shell's settings (the Account screen, desktop app only): the
// same keys as shell.ja.ts (the type checks it), merged into en.ts. The tray menu is worded by
// the shell itself (src-tauri/src/watcher/words.rs) and the notifications by the core
// (crates/lockdesk-core/src/watch/words.rs), in the language the UI tells the shell.
export const shellEn = {
  'shell.title': 'Watching in the background',
  'shell.keepInTray': 'Keep watching in the tray when the window is closed',
  'shell.keepInTrayHint':
    'When this is off, closing the window quits Lockdesk. When it is on, the window hides and the tray icon stays; choose Quit in its menu to end.',
};

export type ShellMessageKey = keyof typeof shellEn;
