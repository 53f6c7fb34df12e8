// English words of the desktop shell's settings (the Account screen, desktop app only): the
// same keys as shell.ja.ts (the type checks it), merged into en.ts. The notifications and the
// tray menu are worded by the shell itself (src-tauri/src/watcher/words.rs) in the language the
// UI tells it.
export const shellEn = {
  'shell.title': 'Watching in the background',
  'shell.keepInTray': 'Keep watching in the tray when the window is closed',
  'shell.keepInTrayHint':
    'When this is off, closing the window quits Lockdesk. When it is on, the window hides and the tray icon stays; choose Quit in its menu to end.',
  'updates.title': 'Updates',
  'updates.version': 'This is Lockdesk {version}.',
  'updates.automatic':
    'Look for updates at start and once a day, and install them when Lockdesk quits',
  'updates.off.setting': 'Automatic checks are off; Check now still looks.',
  'updates.off.policy': 'Your organization manages updates on this computer.',
  'updates.off.demo': 'The demo does not look for updates on its own.',
  'updates.off.notConfigured':
    'This build of Lockdesk cannot verify updates, so it does not look for them.',
  'updates.state.idle': 'Not checked yet.',
  'updates.state.checking': 'Checking…',
  'updates.state.upToDate': 'Lockdesk is up to date.',
  'updates.state.downloading': 'Downloading Lockdesk {version}…',
  'updates.state.ready': 'Lockdesk {version} is ready and is installed when Lockdesk quits.',
  'updates.state.failed': 'The last check did not finish:',
  'updates.checkNow': 'Check now',
  'updates.banner.downloading': 'Downloading Lockdesk {version} in the background.',
  'updates.banner.received': 'Downloading',
  'updates.banner.percent': '{pct}% downloaded',
  'updates.banner.ready':
    'Lockdesk {version} is ready. It is installed when you quit, or restart now to use it.',
  'updates.banner.whatsNew': 'What is new',
  'updates.banner.restart': 'Restart now',
};

export type ShellMessageKey = keyof typeof shellEn;
