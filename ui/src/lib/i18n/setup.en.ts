// English words of the first-run path, the connection and organization switcher, and the
// lines saying why a greyed item cannot open yet; merged into en.ts. Every key must exist in
// setup.ja.ts too (the type checks it).
export const setupEn = {
  'setup.title': 'Getting started',
  'setup.progress': 'Step {n} of 3',
  'setup.step.connect': 'Connect to the service',
  'setup.step.signIn': 'Sign in',
  'setup.step.org': 'Choose the organization',
  'setup.done': 'Done',
  'setup.why.connect':
    '{screen} needs a connection to the service. Add one below, or try the demo.',
  'setup.why.signIn': '{screen} needs a signed-in connection. Sign in here first.',
  'setup.why.org': '{screen} works on one organization. Choose it here first.',
  'setup.switcher.label': 'Connection and organization',
  'setup.switcher.open': 'Switch connection or organization',
  'setup.switcher.org': 'Choose another organization',
  'setup.switcher.connections': 'Connections',
  'setup.switcher.signIn': 'Sign-in',
  'error.details': 'Details',
} as const;

export type SetupMessageKey = keyof typeof setupEn;
