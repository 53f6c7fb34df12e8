// Japanese words of the Lock groups and User groups screens: the same keys as groups.en.ts (the
// type checks it), merged into ja.ts.
import type { GroupsMessageKey } from './groups.en';

export const groupsJa: Record<GroupsMessageKey, string> = {
  'groups.title': '錠グループ',
  'groups.empty': '錠グループはまだありません。',
  'groups.new': '新しい錠グループ',
  'groups.name': '名前',
  'groups.memo': 'メモ',
  'groups.locks': 'このグループの錠',
  'groups.noLocks': 'このグループに錠はありません。',
  'groups.addLocks': '錠を追加',
  'groups.removeLocks': '選択した錠をグループから削除',
  'groups.addSelected': '選択した錠を追加（{n}）',
  'groups.deleteConfirm': '錠グループ「{name}」を削除しますか？ 錠そのものは残ります。',
  'groups.removeConfirm': '「{name}」から {n} 台の錠を削除しますか？ 錠そのものは残ります。',
  'groups.pick': 'グループを選ぶと錠が表示されます。',
  'groups.created': '錠グループを作成しました。',
  'groups.deleted': '錠グループを削除しました。',
  'groups.allIn': 'すべての錠がこのグループに入っています。',

  'ugroups.title': 'ユーザーグループ',
  'ugroups.empty': 'ユーザーグループはまだありません。',
  'ugroups.new': '新しいユーザーグループ',
  'ugroups.members': 'メンバー',
  'ugroups.noMembers': 'メンバーはいません。',
  'ugroups.pick': 'グループを選ぶとメンバーが表示されます。',
  'ugroups.created': 'ユーザーグループを作成しました。',
  'ugroups.saved': 'ユーザーグループを保存しました。',
};
