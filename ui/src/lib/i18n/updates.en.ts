// English words of updates: the Account screen's settings and the banner of a downloaded
// update, merged into en.ts. Every key must exist in updates.ja.ts too (the type checks it).
export const updatesEn = {
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

export type UpdatesMessageKey = keyof typeof updatesEn;
