// Japanese words of the History screen: the records and their filters, the status lines, the tabs
// and the export: the same keys as history.en.ts (the type checks it), merged into ja.ts.
import type { HistoryMessageKey } from './history.en';

export const historyJa: Record<HistoryMessageKey, string> = {
  'history.v2.left': '履歴用サインイン：残り {h} 時間 {m} 分',
  'history.v2.leftMin': '履歴用サインイン：残り {m} 分',
  'history.complete.fetching': '{date}以降の記録はそろっています。それより前の記録は取得中です。',
  'history.complete.partial':
    '{date}以降の記録はそろっています。それより前の記録はまだ取得していません。同期すると取得します。',
  'history.v2.expired':
    '履歴用サインインの有効期限が切れました（有効期間は2時間です）。新しい記録を取得するには更新してください。このパソコンに保存済みの記録は引き続き閲覧できます。',
  'history.v2.none': '入退室履歴には専用のサインイン（v2）が必要です。',
  'history.v2.renew': '更新',
  'history.v2.signIn': '履歴用にサインイン',
  'history.v2.close': '閉じる',
  'history.archive.line': '保存済みの記録：{n} 件（{time} に同期）',
  'history.team.here':
    'このパソコンがチームのアーカイブを同期しました。チームに {given} 件を渡し、{taken} 件を取り込みました。',
  'history.team.syncing':
    '{computer} がチームのアーカイブを同期中です。{taken} 件を取り込みました。残りは次の同期で取り込みます。',
  'history.team.by':
    'チームのアーカイブは {computer} が {time} に同期しました。{taken} 件を取り込みました。',
  'history.archive.never': '保存済みの記録：{n} 件（未同期）',
  'history.archive.updating':
    'このバージョンの Lockdesk に合わせて記録の保存形式を更新しています。更新は一度だけで、記録が多いと1〜2分かかります。',
  'history.sync.running': '同期中：{total} 台中 {done} 台・{records} 件',
  'history.details': '詳細',
  'history.tabs': '記録の表示方法',
  'history.export': '書き出し',
  'history.format': '形式',
  'history.format.csv': 'CSV（Excel）',
  'history.format.jsonl': 'JSON Lines',
  'history.format.xlsx': 'Excel ブック',
  'history.empty.signIn':
    'このパソコンにはまだ記録がありません。履歴用にサインインすると、記録がここに保存されます。',
  'history.empty.syncing': '記録をこのパソコンに保存しています…',

  'history.title': '入退室履歴',
  'history.lock': '錠',
  'history.from': '開始日',
  'history.to': '終了日',
  'history.col.time': '日時',
  'history.col.user': 'ユーザー',
  'history.col.action': '操作',
  'history.col.how': '方法',
  'history.locked': '施錠',
  'history.unlocked': '解錠',
  'history.filterKind': '方法',
  'history.filterAction': '操作',
  'history.allKinds': 'すべての方法',
  'history.allActions': '施錠・解錠',
  'history.noUser': '（ユーザーなし）',
  'history.timeZone': '時刻はお使いのタイムゾーン（{tz}）で表示しています。',
};
