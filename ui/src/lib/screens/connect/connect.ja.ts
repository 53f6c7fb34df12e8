// Japanese words of the Connections screen (the saved connections, adding one, the demo): the same
// keys as connect.en.ts (the type checks it), merged into ja.ts.
import type { ConnectMessageKey } from './connect.en';

export const connectJa: Record<ConnectMessageKey, string> = {
  'connect.title': '接続',
  'connect.lead':
    '接続には、サービスのアドレスと、登録時に受け取ったアプリの情報（クライアント ID とシークレット）を保存します。',
  'connect.demo': 'デモを試す',
  'connect.demoLead':
    '錠・ユーザー・入退室履歴をそろえた模擬オフィスです。実際の錠やユーザーには一切影響しません。',
  'connect.demoStarting': 'デモを起動しています…',
  'connect.leaveDemo': 'デモを終了',
  'connect.jobsRunning':
    '一括招待または履歴の同期が実行中です。切り替えると、処理中の行のあとで停止します。送信済みの招待はそのまま残り、送信先の組織の操作履歴に記録されます。',
  'connect.stopAndSwitch': '停止して切り替える',
  'connect.profiles': '保存済みの接続',
  'connect.empty': 'まだ接続がありません。下で追加するか、デモを試してください。',
  'connect.add': '接続を追加',
  'connect.name': '名前',
  'connect.baseUrl': 'サービスのアドレス',
  'connect.clientId': 'クライアント ID',
  'connect.clientSecret': 'クライアントシークレット',
  'connect.secretHint': 'システムのキーチェーンに保存され、再表示されません。',
  'connect.redirectUri': 'リダイレクト先',
  'connect.api': 'API',
  'connect.apiV3': 'v3（現行）',
  'connect.apiV2': 'v2（履歴・旧版）',
  'connect.use': '使用する',
  'connect.current': '使用中',
  'connect.remove': '削除',
  'connect.removeConfirm': '接続「{name}」を削除してサインアウトしますか？',
  'connect.notRevoked':
    '接続「{name}」はこのコンピューターから削除しましたが、サービスにサインインの無効化を依頼できなかったため、サービス側では有効なままの可能性があります。サービスの Web コンソール(アカウント設定 → アクセストークン)で無効にしてください。',
  'connect.signedIn': 'サインイン済み',
  'connect.signedOut': '未サインイン',
};
