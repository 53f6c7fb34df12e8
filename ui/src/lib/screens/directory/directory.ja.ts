// Japanese words of the Directory screen: the same keys as directory.en.ts (the type checks it),
// merged into ja.ts.
import type { DirectoryMessageKey } from './directory.en';

export const directoryJa: Record<DirectoryMessageKey, string> = {
  'nav.directory': 'ディレクトリ',
  'directory.title': 'ディレクトリ',
  'directory.intro':
    '会社のディレクトリ（人事データや社員名簿）をもとに、入退室できる人を決めます。人事システムの CSV やディレクトリを読み込み、退職者・入社者・異動や変更のあった人を洗い出して計画を作ります。計画を適用するまで何も変更されません。管理者と例外リストの人は自動では変更されません。連携元の設定はこのパソコンに保存されます。',

  'directory.sources': '連携元',
  'directory.sourcesCaption': 'ディレクトリの連携元',
  'directory.col.kind': '種類',
  'directory.col.name': '名前',
  'directory.col.reads': '読み込み先',
  'directory.col.actions': '操作',
  'directory.empty':
    '連携元はまだありません。人事システムの CSV またはディレクトリを追加してください。',
  'directory.addSource': '連携元を追加',
  'directory.kind.hr_csv': '人事 CSV',
  'directory.kind.entra_id': 'Microsoft Entra ID',
  'directory.kind.google_workspace': 'Google Workspace',
  'directory.kind.ldap': 'Active Directory／LDAP',
  'directory.where.group': '{tenant}（グループ {group} のメンバー）',
  'directory.where.query': '{admin}（検索条件：{query}）',
  'directory.where.ldap': '{url}（{base} 以下）',
  'directory.remove': '削除',
  'directory.removeConfirm':
    '連携元「{name}」を削除しますか？計画では読み込まれなくなり、このパソコンに保存した認証情報も削除されます。ユーザーは変更されません。',
  'directory.removed': '連携元を削除しました。',

  'directory.form.title': '連携元を追加',
  'directory.form.kind': '種類',
  'directory.form.name': '名前',
  'directory.form.nameHint': 'この画面と計画での表示名です。',
  'directory.hint.hr_csv':
    '人事システム（SmartHR、freee、ジョブカンなど）から書き出した CSV ファイルです。Excel で保存した CSV も使えます。1 行目が見出しで、社員番号と氏名の列が必要です。メールアドレス・入社日・退職日の列があれば読み込みます。計画のたびに読み直すので、同じファイルに上書きで書き出してください。',
  'directory.hint.entra_id':
    'アプリケーションの登録と、そのクライアント シークレットを IT 担当者に依頼してください。アプリケーションの許可 User.Read.All（特定のグループだけなら GroupMember.Read.All）に管理者の同意が必要です。',
  'directory.hint.google_workspace':
    'サービス アカウントとその JSON キーファイル、代理で操作する管理者を IT 担当者に依頼してください。スコープ https://www.googleapis.com/auth/admin.directory.user.readonly のドメイン全体の委任が必要です。',
  'directory.hint.ldap':
    '読み取り専用のアカウントを IT 担当者に依頼してください。サーバーには ldaps://、または StartTLS を使う ldap:// で接続します（暗号化なしでは接続しません）。',
  'directory.form.path': 'CSV ファイル',
  'directory.form.pathHint':
    'ファイルのフルパスです（例：\\\\fileserver\\hr\\社員一覧.csv、/Volumes/hr/社員一覧.csv）。',
  'directory.form.pathHintDesktop':
    '人事システムから書き出したファイルを「ファイルを選択…」で指定してください。',
  'directory.form.choose': 'ファイルを選択…',
  'directory.form.chooseLabel': 'CSV ファイルを選択',
  'directory.form.tenant': 'テナント',
  'directory.form.tenantHint': 'テナント ID またはドメインです（例：contoso.onmicrosoft.com）。',
  'directory.form.clientId': 'アプリケーション (クライアント) ID',
  'directory.form.clientSecret': 'クライアント シークレット',
  'directory.form.entraAuth': 'Lockdesk のサインイン方法',
  'directory.form.entraAuth.secret': 'クライアント シークレット',
  'directory.form.entraAuth.certificate': '証明書',
  'directory.form.entraAuth.administrator': '自分のアカウント（コードでサインイン）',
  'directory.form.administratorHint':
    '追加すると Microsoft からコードが発行されます。ブラウザーで表示されたページを開き、コードを入力して職場のアカウントでサインインしてください。アプリの登録には Graph の委任されたアクセス許可 User.Read.All（または GroupMember.Read.All）と、パブリック クライアント フローの許可が必要です。サインイン情報はこのパソコンの資格情報ストアに保存します。',
  'directory.form.signInOpen': 'ブラウザーで',
  'directory.form.signInCode': 'を開き、次のコードを入力してください',
  'directory.form.signInWaiting': 'サインインを待っています（コードの有効期限は {minutes} 分）…',
  'directory.form.certificateFile': '証明書ファイル（PEM）',
  'directory.form.certificateHint':
    'アプリの登録にアップロードした証明書と、その秘密鍵を含む PEM ファイルです。秘密鍵だけをこのパソコンの資格情報ストアに保存します。',
  'directory.form.secretHint':
    'このパソコンの資格情報ストアにだけ保存し、あとから表示することはありません。',
  'directory.form.groupId': 'グループのオブジェクト ID（任意）',
  'directory.form.groupIdHint':
    'このグループ（入れ子のグループを含む）のメンバーだけを読み込みます。空欄ならテナントの全員です。',
  'directory.form.admin': '管理者のメールアドレス',
  'directory.form.adminHint': 'サービス アカウントが代理で操作する Google Workspace の管理者です。',
  'directory.form.keyFile': 'サービス アカウントの JSON キーファイル',
  'directory.form.keyFileHint':
    'このパソコンで読み込み、資格情報ストアにだけ保存します。内容は表示しません。',
  'directory.form.keyRead': 'サービス アカウント：{mail}',
  'directory.form.query': '検索条件（任意）',
  'directory.form.queryHint':
    '条件に合うユーザーだけを読み込みます（例：isSuspended=false）。空欄ならすべてのユーザーです。',
  'directory.form.url': 'サーバー',
  'directory.form.urlHint': 'ldaps://dc01.example.co.jp、または StartTLS を使う ldap://… です。',
  'directory.form.bindDn': 'Lockdesk が接続に使うアカウント',
  'directory.form.bindDnHint': 'DN、または user@domain の形式です。',
  'directory.form.password': 'パスワード',
  'directory.form.baseDn': '社員の所在（ベース DN）',
  'directory.form.baseDnHint': '例：OU=社員,DC=example,DC=co,DC=jp',
  'directory.form.advanced': 'フィルターと属性（任意）',
  'directory.form.filter': 'フィルター',
  'directory.form.filterHint':
    '社員にあたるエントリーの条件を括弧で囲んで指定します。空欄なら Active Directory のユーザーです。',
  'directory.form.attributesHint':
    '空欄なら Active Directory の属性（employeeID、mail、displayName、userAccountControl）を使います。',
  'directory.form.employeeIdAttribute': '社員番号',
  'directory.form.mailAttribute': 'メールアドレス',
  'directory.form.nameAttribute': '氏名',
  'directory.form.disabledAttribute': '無効化',
  'directory.form.save': '読み込んで追加',
  'directory.form.saving': '読み込み中…',
  'directory.form.savingHint':
    '連携元をいま読み込みます。読み込めなかった場合は何も保存しません。数秒かかることがあります。',
  'directory.added': '連携元を追加しました。',
  'directory.notAdded': '追加していません。上の項目を修正してください。何も保存されていません。',
  'directory.invalid.name': '名前は 1〜{max} 文字で入力してください。',
  'directory.invalid.path': 'CSV ファイルをフルパスで入力してください。',
  'directory.invalid.pathChoose': '「ファイルを選択…」でファイルを指定してください。',
  'directory.invalid.pathRefused':
    'Lockdesk が読み込めるのは、「ファイルを選択…」で選んだファイルか、ウィンドウにドロップしたファイルだけです。もう一度選択してください。',
  'directory.invalid.columns':
    'このファイルには社員番号または氏名にあたる列がありません。1 行目の見出しに「社員番号」「氏名」などの列名が必要です。',
  'directory.invalid.fileRow':
    'このファイルに読み込めない行があります（日付・メールアドレス・引用符の誤りなど）。ファイルを修正してから、もう一度追加してください。',
  'directory.invalid.required': '入力してください。',
  'directory.invalid.value': 'この値は受け付けられませんでした。IT 担当者に確認してください。',
  'directory.invalid.mail': 'メールアドレスを入力してください。',
  'directory.invalid.certificate':
    '証明書と秘密鍵（RSA、暗号化なし）を含む PEM ファイルを選んでください。',
  'directory.invalid.keyFile':
    'サービス アカウントの JSON キーファイル（Google Cloud の「IAM と管理」→「サービス アカウント」→「キー」）を選択してください。',
  'directory.invalid.url':
    'サーバーは ldaps://ホスト名 または ldap://ホスト名 で入力してください。',
  'directory.invalid.filter':
    'LDAP のフィルターを (objectClass=user) のように括弧で囲んで入力してください。',
  'directory.invalid.tooMany': 'これ以上連携元を追加できません。先にどれかを削除してください。',

  'directory.plan.title': '計画',
  'directory.plan.intro':
    'ディレクトリの内容と組織のユーザーを比べ、変更が必要な点をまとめたものです。連携元とサービスからいま読み込んでいます。適用するまで何も変更されません。',
  'directory.plan.reading': '連携元と組織のユーザーを読み込んでいます… 数秒かかることがあります。',
  'directory.plan.asOf':
    '{day} 時点：連携元から {people} 人を読み込みました。組織のユーザーは {users} 人です。',
  'directory.plan.sources': '（{list}）',
  'directory.plan.read': '{name}：{count} 人',
  'directory.plan.countsLabel': '計画の件数',
  'directory.count.remove': '退職者（削除）',
  'directory.count.invite': '入社者（招待）',
  'directory.count.update': '異動・変更（更新）',
  'directory.count.held': '保留（要確認）',
  'directory.count.later': '入社予定',
  'directory.plan.nothing': '変更はありません。組織はディレクトリと一致しています。',
  'directory.plan.nothingHeld':
    '自動で変更するものはありません。下の保留中の行は、ご自身で判断してください。',
  'directory.group.leavers': '退職者',
  'directory.group.joiners': '入社者',
  'directory.group.movers': '異動・変更',
  'directory.group.ambiguous': '複数に一致',
  'directory.group.leaversHint':
    'ディレクトリで退職済み・無効になっているか、ディレクトリにいないユーザーです。組織から削除します。',
  'directory.group.joinersHint':
    'まだユーザーになっていない在籍者です。社員番号をユーザーコードにして、メールで招待します。',
  'directory.group.moversHint':
    '氏名・メールアドレス・ユーザーコードがディレクトリと異なるユーザーです。ディレクトリに合わせて更新します。',
  'directory.group.ambiguousHint':
    '相手側の複数の人やユーザーに一致したため、何もしません。ディレクトリまたはユーザーを修正してください。',
  'directory.col.employeeId': '社員番号',
  'directory.col.mail': 'メールアドレス',
  'directory.col.change': '変更内容',
  'directory.change.removeLeft': '組織から削除（{day} 退職）',
  'directory.change.removeOff': '組織から削除（ディレクトリで無効）',
  'directory.change.removeMissing': '組織から削除（ディレクトリにいません）',
  'directory.change.invite': '{mail} をユーザーコード {code} で招待',
  'directory.change.inviteNoCode': '{mail} を招待',
  'directory.change.name': '氏名：{old} → {new}',
  'directory.change.mail': 'メールアドレス：{old} → {new}',
  'directory.change.code': 'ユーザーコード：{old} → {new}',
  'directory.change.none': '（なし）',
  'directory.held.manager': '保留：管理者のため、ご自身で判断してください',
  'directory.held.exception': '保留：{day} まで例外（{reason}）',
  'directory.held.noMail': '保留：メールアドレスがないため招待できません',
  'directory.held.ambiguous': '保留：{names} に一致',
  'directory.held.separator': '、',

  'directory.apply': '計画を適用…',
  'directory.applying': '適用中…',
  'directory.applyingHint':
    '変更を 1 件ずつサービスに反映し、操作履歴に記録します。時間がかかることがあります。',
  'directory.applyConfirm':
    '計画を適用しますか？組織から削除 {remove} 人、招待 {invite} 人、更新 {update} 人です。保留中の行は変更しません。',
  'directory.applyConfirmOk': '適用',
  'directory.mass':
    '適用していません。この計画は組織のユーザー {users} 人のうち {remove} 人（5 分の 1 超）を削除します。ファイルが途中で切れている、グループの指定が違うなどの可能性があります。先に連携元を確認してください。',
  'directory.mass.apply': 'それでも適用…',
  'directory.mass.confirm':
    '組織のユーザー {users} 人のうち {remove} 人を本当に削除しますか？組織変更の後など、連携元が正しいと確認できた場合だけ実行してください。',
  'directory.mass.ok': '削除して適用',
  'directory.changed':
    '適用していません。表示した後に計画が変わりました（ディレクトリまたは組織が変更されました）。計画を読み込み直したので、確認してからもう一度適用してください。',
  'directory.results.title': '適用結果',
  'directory.results.summary': '完了 {done} 件、失敗 {failed} 件、未実行 {notAttempted} 件です。',
  'directory.results.caption': '計画の適用結果',
  'directory.col.applied': '変更',
  'directory.col.outcome': '結果',
  'directory.outcome.done': '完了',
  'directory.outcome.failed': '失敗',
  'directory.outcome.not_attempted': '未実行',

  'directory.exceptions.title': '例外',
  'directory.exceptions.intro':
    '最終日まではディレクトリで判断しない人です（委託先・清掃スタッフ・共用アカウントなど）。計画では保留になります。',
  'directory.exceptions.caption': '例外',
  'directory.exceptions.empty': '例外はありません。',
  'directory.col.who': 'ユーザーコードまたはメールアドレス',
  'directory.col.reason': '理由',
  'directory.col.until': '最終日',
  'directory.exceptions.removeConfirm':
    '「{who}」の例外を削除しますか？次の計画から、ディレクトリの内容で判断されます。',
  'directory.exceptions.removed': '例外を削除しました。',
  'directory.exceptions.add': '例外を追加',
  'directory.exceptions.added': '例外を追加しました。',
  'directory.exceptions.who': 'ユーザーコードまたはメールアドレス',
  'directory.exceptions.reason': '理由',
  'directory.exceptions.reasonHint': '例：業務委託、清掃スタッフ、共用アカウント',
  'directory.exceptions.until': '最終日',
  'directory.exceptions.notAdded': '追加していません。上の項目を修正してください。',
  'directory.invalid.who': 'ユーザーコードまたはメールアドレスを入力してください。',
  'directory.invalid.reason': '理由は 1〜{max} 文字で入力してください。',
  'directory.invalid.until': '今日以降の日付を入力してください。',
};
