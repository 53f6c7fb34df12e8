// Japanese words for tables and charts read out by screen readers, and the keys the tables answer
// to: the same keys as tables.en.ts (the type checks it), merged in ja.ts.
import type { TablesMessageKey } from './tables.en';

export const tablesJa: Record<TablesMessageKey, string> = {
  'table.caption.profiles': '保存済みの接続',
  'table.caption.locks': 'この組織の錠',
  'table.caption.users': 'この組織のユーザー',
  'table.caption.activity': 'Lockdesk で行った変更',
  'table.caption.records': '入退室の記録',
  'table.caption.archiveLocks': '錠ごとの入退室履歴アーカイブ',
  'table.caption.bulk': 'ファイルの各行と処理結果',
  'table.col.signInState': 'サインイン状態',
  'table.col.actions': '操作',
  'chart.showTable': '数値を表で表示',
  'chart.col.hour': '時間帯',
  'chart.hourRow': '{h}時台',

  'table.pageSize': '1 ページの件数',
  'table.keysHint': '↑ ↓ キーで移動・Enter キーで開く・Esc キーで閉じる・/ キーで検索',
};
