// Japanese words of the History screen's status lines, tabs and export: the same keys as
// historyui.en.ts (the type checks it), merged into ja.ts.
import type { HistoryUiMessageKey } from './historyui.en';

export const historyUiJa: Record<HistoryUiMessageKey, string> = {
  'historyui.v2.left': '履歴用サインイン：残り {h} 時間 {m} 分',
  'historyui.v2.leftMin': '履歴用サインイン：残り {m} 分',
  'historyui.complete.fetching': '{date}以降の記録はそろっています。それより前の記録は取得中です。',
  'historyui.complete.partial':
    '{date}以降の記録はそろっています。それより前の記録はまだ取得していません。同期すると取得します。',
  'historyui.v2.expired':
    '履歴用サインインの有効期限が切れました（有効期間は2時間です）。新しい記録を取得するには更新してください。このパソコンに保存済みの記録は引き続き閲覧できます。',
  'historyui.v2.none': '入退室履歴には専用のサインイン（v2）が必要です。',
  'historyui.v2.renew': '更新',
  'historyui.v2.signIn': '履歴用にサインイン',
  'historyui.v2.close': '閉じる',
  'historyui.archive.line': '保存済みの記録：{n} 件（{time} に同期）',
  'historyui.archive.never': '保存済みの記録：{n} 件（未同期）',
  'historyui.sync.running': '同期中：{total} 台中 {done} 台・{records} 件',
  'historyui.details': '詳細',
  'historyui.tabs': '記録の表示方法',
  'historyui.export': '書き出し',
  'historyui.format': '形式',
  'historyui.format.csv': 'CSV（Excel）',
  'historyui.format.jsonl': 'JSON Lines',
  'historyui.format.xlsx': 'Excel ブック',
  'historyui.empty.signIn':
    'このパソコンにはまだ記録がありません。履歴用にサインインすると、記録がここに保存されます。',
  'historyui.empty.syncing': '記録をこのパソコンに保存しています…',
};
