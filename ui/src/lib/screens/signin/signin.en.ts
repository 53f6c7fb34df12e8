// English words of the Sign in screen (the sign-in, and history's own sign-in, v2), merged into
// en.ts. Every key must exist in signin.ja.ts too (the type checks it).
export const signInEn = {
  'signIn.title': 'Sign in',
  'signIn.lead':
    'Sign in with a manager or super manager account of the service. Lockdesk opens the service’s sign-in page and catches where it sends you.',
  'signIn.open': 'Open the sign-in page',
  'signIn.opening': 'Waiting for the sign-in to finish…',
  'signIn.cancel': 'Cancel sign-in',
  'signIn.browserNote':
    'The page opens in a new tab. When it sends you on, copy that address here.',
  'signIn.paste': 'Or paste the address you were sent to',
  'signIn.pastePlaceholder': 'https://…?code=…',
  'signIn.complete': 'Finish signing in',
  'signIn.done': 'Signed in as {application}.',
  'signIn.v2Title': 'History sign-in (v2)',
  'signIn.v2Lead':
    'Entry and exit history comes from the older v2 interface, which has its own sign-in. It lasts two hours.',
  'signIn.v2Expired': 'The history sign-in has expired. History sign-ins last two hours.',
  'signIn.v2ValidUntil': 'History sign-in valid until {time}.',
  'signIn.noProfile': 'Choose or add a connection first.',
} as const;

export type SignInMessageKey = keyof typeof signInEn;
