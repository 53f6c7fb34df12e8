// English words of the team's data source (the Account screen): the same keys as team.ja.ts
// (the type checks it), merged into en.ts.
export const teamEn = {
  'team.title': "Team's data source",
  'team.alone':
    "This computer works alone: its journal, rules and reports stay on it. When several administrators share the doors, IT can give the team one PostgreSQL database (README, “For teams”); connect each administrator's computer to it here.",
  'team.demo':
    "The demo is never connected to a team's data source: its changes are made up. Leave the demo to connect this computer.",
  'team.address': 'Address',
  'team.addressHint': 'postgres://USER@HOST:5432/DATABASE (without the password)',
  'team.password': 'Password',
  'team.connect': 'Connect',
  'team.connected':
    "Connected to the team's data source. This computer's journal is shared with the team.",
  'team.state': 'State',
  'team.reachable': 'Connected',
  'team.unreachableSince': 'Cannot be reached since {since}',
  'team.unreachableNow': 'Cannot be reached',
  'team.stateWithReason': '{state}: {reason}',
  'team.waiting':
    "Changes made meanwhile are kept in this computer's journal and shared when the database answers again.",
  'team.schema': 'Schema version',
  'team.readOnly':
    'The database was set up by a newer Lockdesk: this computer only reads it. Update Lockdesk.',
  'team.entries': "Entries in the team's journal",
  'team.managed':
    "Your organization's IT set this computer's team data source: it cannot be changed or disconnected here.",
  'team.check': 'Check now',
  'team.disconnect': 'Disconnect this computer',
  'team.disconnectConfirm':
    'Disconnect this computer from the team\u2019s data source? What the team\u2019s database holds stays there; this computer works alone again.',
  'team.disconnected': "This computer no longer uses the team's data source.",
};

export type TeamMessageKey = keyof typeof teamEn;
