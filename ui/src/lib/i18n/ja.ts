import type { Messages } from './en';
// The words several screens share, here in i18n/.
import { errorsJa } from './errors.ja';
import { setupJa } from './setup.ja';
import { datesJa } from './dates.ja';
import { offlineJa } from './offline.ja';
import { keychainJa } from './keychain.ja';
import { updatesJa } from './updates.ja';
import { tablesJa } from './tables.ja';
// Each screen's words, in its folder.
import { connectJa } from '../screens/connect/connect.ja';
import { signInJa } from '../screens/signin/signin.ja';
import { organizationsJa } from '../screens/organizations/organizations.ja';
import { todayJa } from '../screens/today/today.ja';
import { locksJa } from '../screens/locks/locks.ja';
import { groupsJa } from '../screens/groups/groups.ja';
import { usersJa } from '../screens/users/users.ja';
import { invitationsJa } from '../screens/invitations/invitations.ja';
import { templatesJa } from '../screens/invitations/templates.ja';
import { historyJa } from '../screens/history/history.ja';
import { archiveJa } from '../screens/history/archive.ja';
import { activityJa } from '../screens/activity/activity.ja';
import { watchJa } from '../screens/watch/watch.ja';
import { teamAlertsJa } from '../screens/watch/teamalerts.ja';
import { reportsJa } from '../screens/reports/reports.ja';
import { directoryJa } from '../screens/directory/directory.ja';
import { accountJa } from '../screens/account/account.ja';
import { proxyJa } from '../screens/account/proxy.ja';
import { teamJa } from '../screens/account/team.ja';
import { shellJa } from '../screens/account/shell.ja';

export const ja: Messages = {
  ...errorsJa,
  ...setupJa,
  ...datesJa,
  ...offlineJa,
  ...keychainJa,
  ...updatesJa,
  ...tablesJa,
  ...connectJa,
  ...signInJa,
  ...organizationsJa,
  ...todayJa,
  ...locksJa,
  ...groupsJa,
  ...usersJa,
  ...invitationsJa,
  ...templatesJa,
  ...historyJa,
  ...archiveJa,
  ...activityJa,
  ...watchJa,
  ...teamAlertsJa,
  ...reportsJa,
  ...directoryJa,
  ...accountJa,
  ...proxyJa,
  ...teamJa,
  ...shellJa,
  'app.name': 'Lockdesk',
  'app.loading': '読み込み中…',
  'app.retry': '再試行',
  'app.cancel': 'キャンセル',
  'app.save': '保存',
  'app.saving': '保存中…',
  'app.close': '閉じる',
  'app.delete': '削除',
  'app.edit': '編集',
  'app.search': '検索',
  'app.refresh': '更新',
  'app.next': '次へ',
  'app.previous': '前へ',
  'app.on': 'オン',
  'app.off': 'オフ',
  'app.language': '言語',
  'app.demoBadge': 'デモ',
  'app.screenLoadFailed':
    'この画面を読み込めませんでした。Lockdesk を終了してもう一度起動してください。繰り返す場合は Lockdesk を入れ直してください。',
  'app.skipToContent': 'メインコンテンツへ移動',
  'app.confirm': '確認',
  'app.done': '完了',
  'app.other': 'その他（{value}）',
  'drawer.close': '閉じる（Esc キー）',

  // Wording of the core's data (ui/src/lib/words): days, time windows, how a lock was worked.
  'days.short.0': '日',
  'days.short.1': '月',
  'days.short.2': '火',
  'days.short.3': '水',
  'days.short.4': '木',
  'days.short.5': '金',
  'days.short.6': '土',
  'days.range': '{from}〜{to}',
  'days.separator': '・',
  'days.every': '毎日',
  'days.none': '曜日の指定なし',
  'time.range': '{start}〜{end}',
  'time.daysAndTime': '{days} {time}',
  'clientType.mobile_app': 'スマートフォンアプリ',
  'clientType.manager': 'Web 管理画面 / URL キー',
  'clientType.nfc_outside': 'IC カード（室外）',
  'clientType.nfc_inside': 'IC カード（室内）',
  'clientType.autolock': 'オートロック',
  'clientType.hand': '手動',
  'clientType.button': 'ボタン',

  'nav.label': 'メイン',
  'nav.connect': '接続',
  'nav.signIn': 'サインイン',
  'nav.organizations': '組織',
  'nav.locks': '錠一覧',
  'nav.lockGroups': '錠グループ',
  'nav.users': 'ユーザー',
  'nav.invitations': '招待',
  'nav.userGroups': 'ユーザーグループ',
  'nav.history': '入退室履歴',
  'nav.activity': '操作履歴',
  'nav.account': 'アカウント',

  'palette.open': '移動…',
  'palette.title': '画面・錠・ユーザーへ移動',
  'palette.placeholder': '画面、錠、ユーザーの名前または ID',
  'palette.results': '候補',
  'palette.kind.screen': '画面',
  'palette.kind.lock': '錠',
  'palette.kind.user': 'ユーザー',
  'palette.noMatch': '「{query}」に一致する項目はありません。',
  'palette.loading': '錠とユーザーを読み込み中…',
  'palette.loadFailed':
    '一部の錠またはユーザーを読み込めませんでした。一覧は不完全な場合があります。',
  'palette.shortcuts': 'キーボードショートカット',
  'palette.shortcut.palette': 'この一覧を開く／閉じる',
  'palette.shortcut.move': '候補、メニュー、錠の一覧内を移動',
  'palette.shortcut.enter': '選択中の候補へ移動／フォーカス中の錠を開く',
  'palette.shortcut.escape': 'この一覧、フォーム、ダイアログを閉じる',
  'palette.shortcut.ends': 'メニューの先頭／末尾の項目へ移動',

  'validate.empty': '入力してください。',
  'validate.lockNameTooLong': '{count} 文字です。錠の名前は {max} 文字までです。',
  'validate.limit': '1 から {max} までの整数を入力してください。',
  'validate.mail': 'メールアドレスの形式ではありません。',
  'validate.mailRequired': 'メールアドレスを入力してください。',
  'validate.managerNeedsMail': 'マネージャーにはメールアドレスが必要です。',
  'validate.url':
    'https:// で始まるアドレスを入力してください（http:// はこのコンピューターのみ）。',
  'validate.redirectHttps': 'リダイレクト先は https:// で始まる必要があります。',
  'validate.image': '「{name}」は画像ではありません。PNG・JPEG・GIF・WebP をドロップしてください。',
};
