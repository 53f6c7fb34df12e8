// Japanese words of the keychain banner: the same keys as keychain.en.ts (the type checks it),
// merged into ja.ts.
import type { KeychainMessageKey } from './keychain.en';

export const keychainJa: Record<KeychainMessageKey, string> = {
  'keychain.unsaved':
    '{profiles} の更新されたサインイン情報をシステムのキーチェーンに保存できませんでした。Lockdesk を閉じるまではこのまま使えますが、保存しないと次回はサインインし直す必要があります。キーチェーンのロックを解除してから、もう一度保存してください。',
  'keychain.saveAgain': 'もう一度保存',
  'keychain.stillUnsaved':
    'キーチェーンがまだ保存を拒否しています。ロックが解除されているか確認してください。',
};
