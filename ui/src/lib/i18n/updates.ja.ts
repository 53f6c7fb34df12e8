// Japanese words of updates: the same keys as updates.en.ts (the type checks it), merged into
// ja.ts.
import type { UpdatesMessageKey } from './updates.en';

export const updatesJa: Record<UpdatesMessageKey, string> = {
  'updates.title': '更新',
  'updates.version': 'Lockdesk {version} を使用中です。',
  'updates.automatic': '起動時と 1 日 1 回更新を確認し、Lockdesk の終了時にインストールする',
  'updates.off.setting': '自動確認はオフです。「今すぐ確認」では確認できます。',
  'updates.off.policy': 'このパソコンの更新は組織が管理しています。',
  'updates.off.demo': 'デモでは更新を自動で確認しません。',
  'updates.off.notConfigured': 'この Lockdesk は更新を検証できないため、更新を確認しません。',
  'updates.state.idle': 'まだ確認していません。',
  'updates.state.checking': '確認中…',
  'updates.state.upToDate': 'Lockdesk は最新です。',
  'updates.state.downloading': 'Lockdesk {version} をダウンロード中…',
  'updates.state.ready': 'Lockdesk {version} の準備ができました。終了時にインストールします。',
  'updates.state.failed': '前回の確認は完了しませんでした：',
  'updates.checkNow': '今すぐ確認',
  'updates.banner.downloading': 'Lockdesk {version} をバックグラウンドでダウンロードしています。',
  'updates.banner.received': 'ダウンロード中',
  'updates.banner.percent': '{pct}% ダウンロード済み',
  'updates.banner.ready':
    'Lockdesk {version} の準備ができました。終了時にインストールされます。今すぐ再起動して使うこともできます。',
  'updates.banner.whatsNew': '新しくなった点',
  'updates.banner.restart': '今すぐ再起動',
};
