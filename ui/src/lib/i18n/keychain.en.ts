// English words of the banner shown when the system keychain refused a renewed sign-in,
// merged into en.ts. Every key must exist in keychain.ja.ts too (the type checks it).
export const keychainEn = {
  'keychain.unsaved':
    'The renewed sign-in of {profiles} could not be saved in the system keychain. Lockdesk uses it until it closes; unsaved, you will have to sign in again next time. Unlock the keychain, then save again.',
  'keychain.saveAgain': 'Save again',
  'keychain.stillUnsaved': 'The keychain still refuses it. Check that it is unlocked.',
};

export type KeychainMessageKey = keyof typeof keychainEn;
