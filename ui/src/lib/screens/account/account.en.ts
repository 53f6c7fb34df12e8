// English words of the Account screen: the sign-in's token and the refused permissions, merged into
// en.ts. Every key must exist in account.ja.ts too (the type checks it).
export const accountEn = {
  'account.title': 'Account',
  'account.application': 'Application',
  'account.created': 'Issued',
  'account.expires': 'Expires',
  'account.role': 'Role',
  'account.roleUnknown':
    'Not known yet (the service does not say; Lockdesk learns it from the first user change)',
  'account.profile': 'Connection',
  'account.signOut': 'Sign out',
  'account.signOutConfirm': 'Sign out of “{name}”? Lockdesk will revoke its tokens.',
  'account.signedOut': 'Signed out.',
  'account.notSignedIn': 'Not signed in.',
  'account.scopes': 'Permissions that were refused',
  'account.noRefusals': 'No permission has been refused so far.',
  'account.v2': 'History sign-in (v2)',
} as const;

export type AccountMessageKey = keyof typeof accountEn;
