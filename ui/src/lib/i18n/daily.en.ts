// English words of the daily use of Locks, Users and Invitations: battery cells naming their
// device, the low-battery filter, the drawers, user search and count, "Remove" with what it costs,
// "Expires in" and "Invite again". Merged into en.ts; every key must exist in daily.ja.ts too (the
// type checks it).
export const dailyEn = {
  'daily.battery.lock': 'Lock',
  'daily.battery.cell': '{device} {percent}%',
  'daily.battery.moreLow': '+{n} low',
  'daily.locks.lowFilterOn': 'Showing the {n} locks with a low battery.',
  'daily.locks.showAll': 'Show all locks',
  'daily.autolock.after': 'On ({n} s)',
  'daily.drawer.close': 'Close (Esc)',
  'daily.keys.hint': '↑ ↓ move · Enter opens · Esc closes · / searches',
  'daily.users.search': 'Search by name, e-mail or code',
  'daily.users.range': '{first}–{last} of {total}',
  'daily.users.detail': 'User details',
  'daily.users.cards': 'IC cards',
  'daily.users.noCards': 'None',
  'daily.users.remove': 'Remove from the organization',
  'daily.users.removeConfirm':
    '{name} loses access to every door now: they are removed from this organization, with their role in it.',
  'daily.users.removeOk': 'Remove {name}',
  'daily.users.removed': '{name} was removed from the organization.',
  'daily.invites.col.expiresIn': 'Expires in',
  'daily.invites.in.minutes': 'In {n} min',
  'daily.invites.in.hours.one': 'In 1 hour',
  'daily.invites.in.hours': 'In {n} hours',
  'daily.invites.in.days.one': 'In 1 day',
  'daily.invites.in.days': 'In {n} days',
  'daily.invites.ago.minutes': 'Expired {n} min ago',
  'daily.invites.ago.hours.one': 'Expired 1 hour ago',
  'daily.invites.ago.hours': 'Expired {n} hours ago',
  'daily.invites.ago.days.one': 'Expired 1 day ago',
  'daily.invites.ago.days': 'Expired {n} days ago',
  'daily.invites.again': 'Invite again',
  'daily.invites.againSent': 'Invitation sent again to {mail}.',
  'daily.invites.againHidden': 'The address is hidden, so this invitation cannot be sent again.',
} as const satisfies Record<string, string>;

export type DailyMessageKey = keyof typeof dailyEn;
