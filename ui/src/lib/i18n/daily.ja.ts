// Japanese words of the daily use of Locks, Users and Invitations: the same keys as daily.en.ts
// (the type checks it), merged into ja.ts.
import type { DailyMessageKey } from './daily.en';

export const dailyJa: Record<DailyMessageKey, string> = {
  'daily.battery.lock': '錠本体',
  'daily.battery.cell': '{device} {percent}%',
  'daily.battery.moreLow': 'ほか {n} 件',
  'daily.locks.lowFilterOn': '電池残量が少ない錠 {n} 台を表示しています。',
  'daily.locks.showAll': 'すべての錠を表示',
  'daily.autolock.after': 'オン（{n} 秒）',
  'daily.drawer.close': '閉じる（Esc キー）',
  'daily.keys.hint': '↑ ↓ キーで移動・Enter キーで開く・Esc キーで閉じる・/ キーで検索',
  'daily.users.search': '氏名・メールアドレス・ユーザーコードで検索',
  'daily.users.range': '{total} 人中 {first}〜{last} 人目',
  'daily.users.detail': 'ユーザーの詳細',
  'daily.users.cards': 'ICカード',
  'daily.users.noCards': 'なし',
  'daily.users.remove': '組織から削除',
  'daily.users.removeConfirm':
    '{name} さんをこの組織から削除します。直ちにすべての扉を解錠できなくなり、この組織での権限もなくなります。',
  'daily.users.removeOk': '{name} さんを削除',
  'daily.users.removed': '{name} さんを組織から削除しました。',
  'daily.invites.col.expiresIn': '有効期限まで',
  'daily.invites.in.minutes': 'あと {n} 分',
  'daily.invites.in.hours.one': 'あと 1 時間',
  'daily.invites.in.hours': 'あと {n} 時間',
  'daily.invites.in.days.one': 'あと 1 日',
  'daily.invites.in.days': 'あと {n} 日',
  'daily.invites.ago.minutes': '{n} 分前に期限切れ',
  'daily.invites.ago.hours.one': '1 時間前に期限切れ',
  'daily.invites.ago.hours': '{n} 時間前に期限切れ',
  'daily.invites.ago.days.one': '1 日前に期限切れ',
  'daily.invites.ago.days': '{n} 日前に期限切れ',
  'daily.invites.again': '再度招待',
  'daily.invites.againSent': '{mail} に招待を再送しました。',
  'daily.invites.againHidden': 'メールアドレスが非表示のため、この招待は再送できません。',
};
