// English words of the proxy's user name and password (the Account screen): the same keys as
// proxy.ja.ts (the type checks it), merged into en.ts.
export const proxyEn = {
  'proxy.title': 'Office proxy',
  'proxy.intro':
    'If the proxy between this computer and the service asks for a user name and password, enter them here. Lockdesk checks them with the proxy and keeps them in the system keychain.',
  'proxy.user': 'Proxy user name',
  'proxy.password': 'Proxy password',
  'proxy.save': 'Check and save',
  'proxy.forget': 'Forget the saved password',
  'proxy.saved':
    'The proxy {proxy} accepted the user name and password. They are kept in the system keychain.',
  'proxy.forgotten': 'The user name and password of the proxy {proxy} are forgotten.',
};

export type ProxyMessageKey = keyof typeof proxyEn;
