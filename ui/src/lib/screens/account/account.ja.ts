// Japanese words of the Account screen: the sign-in's token and the refused permissions: the same
// keys as account.en.ts (the type checks it), merged into ja.ts.
import type { AccountMessageKey } from './account.en';

export const accountJa: Record<AccountMessageKey, string> = {
  'account.title': 'アカウント',
  'account.application': 'アプリケーション',
  'account.created': '発行日時',
  'account.expires': '有効期限',
  'account.role': '権限',
  'account.roleUnknown':
    'まだ分かりません（サービスからは取得できないため、最初のユーザー変更の結果から判断します）。',
  'account.profile': '接続',
  'account.signOut': 'サインアウト',
  'account.signOutConfirm': '「{name}」からサインアウトしますか？ トークンを失効させます。',
  'account.signedOut': 'サインアウトしました。',
  'account.notSignedIn': 'サインインしていません。',
  'account.scopes': '拒否された権限',
  'account.noRefusals': '拒否された権限はまだありません。',
  'account.v2': '履歴用サインイン（v2）',
};
