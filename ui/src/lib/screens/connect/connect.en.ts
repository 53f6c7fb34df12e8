// English words of the Connections screen (the saved connections, adding one, the demo), merged
// into en.ts. Every key must exist in connect.ja.ts too (the type checks it).
export const connectEn = {
  'connect.title': 'Connections',
  'connect.lead':
    'A connection holds the address of the service and the application registration you received (client id and secret).',
  'connect.demo': 'Try the demo',
  'connect.demoLead':
    'A built-in simulated office with locks, users and history. Nothing real is changed.',
  'connect.demoStarting': 'Starting the demo…',
  'connect.leaveDemo': 'Leave the demo',
  'connect.jobsRunning':
    'A bulk invitation or a history sync is running. Switching stops it after the row in progress; what was already sent stays sent and is kept in the journal of the organization it was sent to.',
  'connect.stopAndSwitch': 'Stop it and switch',
  'connect.profiles': 'Saved connections',
  'connect.empty': 'No connections yet. Add one below, or try the demo.',
  'connect.add': 'Add a connection',
  'connect.name': 'Name',
  'connect.baseUrl': 'Service address',
  'connect.clientId': 'Client id',
  'connect.clientSecret': 'Client secret',
  'connect.secretHint': 'Kept in the system keychain, never shown again.',
  'connect.redirectUri': 'Redirect address',
  'connect.api': 'API',
  'connect.apiV3': 'v3 (current)',
  'connect.apiV2': 'v2 (history, legacy)',
  'connect.use': 'Use',
  'connect.current': 'In use',
  'connect.remove': 'Remove',
  'connect.removeConfirm': 'Remove the connection “{name}” and sign out of it?',
  'connect.notRevoked':
    'The connection “{name}” was removed from this computer, but the service could not be asked to end its sign-in, so it may stay valid there. End it in the service’s web console (account settings, access token).',
  'connect.signedIn': 'Signed in',
  'connect.signedOut': 'Not signed in',
} as const;

export type ConnectMessageKey = keyof typeof connectEn;
