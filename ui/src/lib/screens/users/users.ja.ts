// Japanese words of the Users screen: the list, its search and count, registering, editing and
// removing a user, adding one by id: the same keys as users.en.ts (the type checks it), merged into
// ja.ts.
import type { UsersMessageKey } from './users.en';

export const usersJa: Record<UsersMessageKey, string> = {
  'users.title': 'ユーザー',
  'users.empty': 'ユーザーがいません。',
  'users.noMatch': '一致するユーザーはいません。',
  'users.col.name': '名前',
  'users.col.mail': 'メールアドレス',
  'users.col.role': '権限',
  'users.col.code': 'ユーザーコード',
  'users.col.created': '作成日',
  'users.col.updated': '更新日',
  'users.new': 'ユーザーを登録',
  'users.inviteById': '既存ユーザーを ID で追加',
  'users.name': '名前',
  'users.mail': 'メールアドレス',
  'users.code': 'ユーザーコード',
  'users.role': '権限',
  'users.userId': 'ユーザー ID',
  'users.role.manager': 'マネージャー',
  'users.role.member': 'メンバー',
  'users.role.super_manager': 'スーパーマネージャー',
  'users.roleRefused':
    '権限を変更できるのはスーパーマネージャーだけです。また、マネージャーは他のマネージャーを変更できません。',
  'users.roleLocked':
    '権限を変更できるのはスーパーマネージャーだけです。このアカウントはマネージャーのため（以前の変更が拒否されました）、権限は変更されません。',
  'users.managerTarget':
    'マネージャーは他のマネージャーを変更できないため、保存は拒否される見込みです。',
  'users.saved': 'ユーザーを保存しました。',
  'users.registered': 'ユーザーを登録しました。',
  'users.inviteLead': 'すでにサービスのアカウントを持つ人を、ユーザー ID でこの組織に追加します。',
  'users.inviteSubmit': '組織に追加',
  'users.invited': '{id} を組織に追加しました。',
  'users.invite.notFound':
    'この ID のユーザーはサービスに存在しません。ID（U-xxxxx-xxxxx）を確認してください。',
  'users.invite.notAllowed':
    'このユーザーは追加できません。すでに組織に所属しているか、このアカウントには許可されていません。',
  'users.invite.badId': 'ユーザー ID は U-xxxxx-xxxxx の形式です。',

  'users.export': 'CSV に書き出す',
  'users.exportedTo': '{path} に保存しました。',
  'users.group': 'ユーザーグループ',
  'users.group.every': 'すべてのグループ',
  'users.search': '氏名・メール・コードで検索',
  'users.range': '{total} 人中 {first}〜{last} 人目',
  'users.detail': 'ユーザーの詳細',
  'users.cards': 'ICカード',
  'users.noCards': 'なし',
  'users.remove': '組織から削除',
  'users.removeConfirm':
    '{name} さんをこの組織から削除します。直ちにすべての扉を解錠できなくなり、この組織での権限もなくなります。',
  'users.removeOk': '{name} さんを削除',
  'users.removed': '{name} さんを組織から削除しました。',
};
