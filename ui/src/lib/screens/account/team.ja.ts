// Japanese words of the team's data source: the same keys as team.en.ts (the type checks it),
// merged into ja.ts.
import type { TeamMessageKey } from './team.en';

export const teamJa: Record<TeamMessageKey, string> = {
  'team.title': 'チームのデータソース',
  'team.alone':
    'このパソコンは単独で使われています（操作履歴・ルール・レポートはこのパソコンだけに保存されます）。複数の管理者で扉を管理する場合は、情報システム担当者がチーム用の PostgreSQL データベースを用意し（README「For teams」）、各管理者のパソコンをここから接続します。',
  'team.demo':
    'デモはチームのデータソースに接続されません（デモの変更は架空のものです）。このパソコンを接続するには、デモを終了してください。',
  'team.address': 'アドレス',
  'team.addressHint': 'postgres://ユーザー@ホスト:5432/データベース（パスワードは含めない）',
  'team.password': 'パスワード',
  'team.connect': '接続',
  'team.connected':
    'チームのデータソースに接続しました。このパソコンの操作履歴はチームと共有されます。',
  'team.state': '状態',
  'team.reachable': '接続中',
  'team.unreachableSince': '{since} から接続できません',
  'team.unreachableNow': '接続できません',
  'team.stateWithReason': '{state}。{reason}',
  'team.waiting':
    'その間の変更はこのパソコンの操作履歴に保存され、データベースに再び接続できたときに共有されます。',
  'team.schema': 'スキーマのバージョン',
  'team.readOnly':
    'このデータベースは新しいバージョンの Lockdesk で設定されています。このパソコンは読み取りのみ行います。Lockdesk を更新してください。',
  'team.entries': 'チームの操作履歴の件数',
  'team.managed':
    'このパソコンのチームのデータソースは情報システム部門が設定しています。ここで変更したり接続を解除したりすることはできません。',
  'team.check': '今すぐ確認',
  'team.disconnect': 'このパソコンの接続を解除',
  'team.disconnectConfirm':
    'このパソコンをチームのデータソースから切断しますか？チームのデータベースの内容はそのまま残り、このパソコンは単独での利用に戻ります。',
  'team.disconnected': 'このパソコンはチームのデータソースを使わなくなりました。',
};
