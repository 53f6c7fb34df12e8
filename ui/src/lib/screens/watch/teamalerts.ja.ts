// Japanese words of the Watch screen's team chat alerts: the same keys as teamalerts.en.ts (the
// type checks it), merged into ja.ts. The services' own names (Slack, Microsoft Teams, Chatwork,
// LINE WORKS) and the names of their screens are written as those services show them in Japanese
// (Teams: チャネル, ワークフロー; Chatwork: サービス連携, API トークン).
import type { TeamAlertsMessageKey } from './teamalerts.en';

export const teamAlertsJa: Record<TeamAlertsMessageKey, string> = {
  'teamalerts.title': 'チャットへの通知',
  'teamalerts.intro':
    'アラートをチームのチャット（Slack、Microsoft Teams、Chatwork、LINE WORKS、または JSON を受け付ける任意のアドレス）にも送信できます。各アラートは送信先ごとに 1 回だけ送信し、一度に 4 件以上あるときは 1 通のメッセージにまとめます。送信先のサービスが停止しているときは、1 日のあいだ再送を続けます。Webhook の URL はシステムのキーチェーンに保存し、この画面にはホスト名だけを表示します。',
  'teamalerts.add': '送信先を追加',
  'teamalerts.empty':
    'チャットの送信先はまだありません。アラートはこの画面とデスクトップ通知でのみお知らせします。',
  'teamalerts.otherOrgs':
    '他の組織の送信先（{count} 件）はここには表示していません。表示するには、その組織を選択してください。',
  'teamalerts.listLabel': 'チャットの送信先',

  'teamalerts.kind.slack': 'Slack',
  'teamalerts.kind.teams': 'Microsoft Teams',
  'teamalerts.kind.chatwork': 'Chatwork',
  'teamalerts.kind.line_works': 'LINE WORKS',
  'teamalerts.kind.generic': 'JSON（任意のアドレス）',
  'teamalerts.kind.email': 'メール',
  'teamalerts.hint.slack':
    'Slack で「Incoming Webhooks」アプリをチャンネルに追加し、発行された Webhook URL を貼り付けてください。',
  'teamalerts.hint.teams':
    'Teams のチャネルで「ワークフロー」を開き、「Webhook 要求を受信したらチャネルに投稿する」テンプレートからフローを作成して、表示された URL を貼り付けてください。',
  'teamalerts.hint.chatwork':
    '投稿に使う Chatwork アカウントの API トークン（「サービス連携」→「API トークン」）と、投稿先のルーム ID（ルームのアドレスの末尾の数字）を入力してください。',
  'teamalerts.hint.line_works':
    'LINE WORKS で「Incoming Webhook」アプリをトークルームに追加し、発行された Webhook URL を貼り付けてください。',
  'teamalerts.hint.generic':
    'アラートを JSON 形式で受け取る、https:// で始まる任意のアドレス（社内の中継サーバーやスクリプトなど）を入力してください。',
  'teamalerts.hint.email':
    '会社のメールサーバー（STARTTLS または TLS の SMTP）、差出人と 1 件以上の宛先を入力してください。',
  'teamalerts.language.ja': '日本語',
  'teamalerts.language.en': '英語',

  'teamalerts.fact.kind': 'サービス',
  'teamalerts.fact.host': '送信先のホスト',
  'teamalerts.fact.rules': '送信するアラート',
  'teamalerts.fact.language': '言語',
  'teamalerts.room': '{host}（ルーム {room}）',
  'teamalerts.rules.all': 'すべてのアラート',
  'teamalerts.separator': '、',
  'teamalerts.test': 'テスト送信',
  'teamalerts.testSent':
    '{time} にテストメッセージを送信しました。チャットに届いたか確認してください。',
  'teamalerts.remove': '削除',
  'teamalerts.removeConfirm':
    '送信先「{name}」を削除しますか？ まだ送信していないアラートは送信されなくなります。',
  'teamalerts.removed': '送信先を削除しました。',
  'teamalerts.added': '送信先を追加しました。テスト送信で届くか確認してください。',

  'teamalerts.form.title': '新しい送信先',
  'teamalerts.form.name': '名前',
  'teamalerts.form.nameHint': '一覧とテストメッセージに表示されます（例：チャンネル名）。',
  'teamalerts.form.kind': '送信サービス',
  'teamalerts.form.url': 'Webhook URL',
  'teamalerts.form.secretHint': 'システムのキーチェーンに保存され、再表示されません。',
  'teamalerts.form.token': 'API トークン',
  'teamalerts.form.room': 'ルーム ID',
  'teamalerts.form.relay': '中継サーバー経由で送信する',
  'teamalerts.form.relayUrl': '中継サーバーのアドレス（任意）',
  'teamalerts.form.relayHint':
    '社内の中継サーバーを経由する場合のみ入力してください。空欄の場合は Chatwork の API に直接送信します。',
  'teamalerts.form.rules': '送信するアラート',
  'teamalerts.form.allRules': 'すべてのアラート',
  'teamalerts.form.someRules': '次のアラートのみ：',
  'teamalerts.form.language': 'メッセージの言語',
  'teamalerts.form.save': '送信先を追加',
  'teamalerts.notAdded': '追加していません。上の項目を修正してください。何も保存されていません。',

  'teamalerts.invalid.name': '名前は 1〜{max} 文字で入力してください。',
  'teamalerts.invalid.urlEmpty': 'Webhook URL を入力してください。',
  'teamalerts.invalid.urlLogin': 'アドレスにユーザー名やパスワードを含めないでください。',
  'teamalerts.invalid.urlFragment': 'アドレスに「#」以降を含めないでください。',
  'teamalerts.invalid.token':
    'Chatwork の API トークンを入力してください（空白を含まない半角英数字です）。',
  'teamalerts.invalid.room': 'ルーム ID は半角数字で入力してください。',
  'teamalerts.invalid.rules': '送信するアラートを 1 つ以上選択してください。',
  'teamalerts.invalid.tooMany':
    '送信先は {max} 件までです。追加するには、先にいずれかを削除してください。',

  // E-mail destinations and the daily digest.
  'teamalerts.security.starttls': 'STARTTLS（ポート 587）',
  'teamalerts.security.tls': 'TLS（ポート 465）',
  'teamalerts.security.none': 'なし（このコンピューターのみ）',
  'teamalerts.mailWhere': '{host}:{port}（宛先：{to}）',
  'teamalerts.digestAt': '毎日 {at} にまとめて送信',
  'teamalerts.fact.team': 'チーム',
  'teamalerts.teamOnlyHere':
    '送信できるのはこのパソコンだけです。このパソコンの電源が切れている間、通知は送信を待ちます。',
  'teamalerts.teamAlso':
    '{computers} でも設定されています。各通知はそのうち 1 台から 1 回だけ送信されます。',
  'teamalerts.teamNotHere':
    '{computers} から送信されます。このパソコンにはアドレスが設定されていないため、このパソコンからは送信しません。',
  'teamalerts.teamNobody':
    'チームの別のパソコンで追加された送信先で、まだどのパソコンからも送信できません。このパソコン（または別のパソコン）でアドレスを設定してください。',
  'teamalerts.giveSecret': 'このパソコンで設定',
  'teamalerts.secret.title': 'このパソコンでの送信設定',
  'teamalerts.secret.intro':
    'この送信先はチームの別のパソコンで追加されました。アドレス（またはパスワード）はこのパソコンのキーチェーンにだけ保存され、チームのデータベースには保存されません。',
  'teamalerts.secret.save': 'このパソコンに保存',
  'teamalerts.secretGiven': 'このパソコンから送信先に送信できるようになりました。',
  'teamalerts.changeSecret': 'アドレスを変更',
  'teamalerts.secret.introChange':
    '新しいアドレス（またはパスワード）は、このパソコンのキーチェーンに保存されているものと置き換わります。チームの他のパソコンの設定は変わりません。',
  'teamalerts.fact.digest': '送信のしかた',
  'teamalerts.form.host': 'SMTP サーバー',
  'teamalerts.form.hostHint': 'メールサーバーの名前またはアドレスです（ポート番号は含めません）。',
  'teamalerts.form.port': 'ポート（任意）',
  'teamalerts.form.portHint': '空欄の場合、STARTTLS は 587、TLS は 465 を使います。',
  'teamalerts.form.security': '暗号化',
  'teamalerts.form.securityHint': '「なし」はこのコンピューター上のメールサーバーにのみ使えます。',
  'teamalerts.form.username': 'ユーザー名（任意）',
  'teamalerts.form.usernameHint':
    'サインインせずにメールを受け付けるサーバーでは空欄にしてください。',
  'teamalerts.form.password': 'パスワード',
  'teamalerts.form.from': '差出人のアドレス',
  'teamalerts.form.to': '宛先のアドレス',
  'teamalerts.form.toHint': '1 行に 1 件、またはカンマ区切りで入力してください（最大 {max} 件）。',
  'teamalerts.form.digest': '毎日のまとめ',
  'teamalerts.form.digestCheck': 'アラートごとではなく、1 日 1 回まとめて送信する',
  'teamalerts.form.digestAt': '送信時刻',
  'teamalerts.form.digestHint':
    '1 日分のアラートを、翌営業日のこの時刻に送信します（営業日は上の設定のとおり、土日と祝日は休みです）。',
  'teamalerts.invalid.hostEmpty': 'メールサーバーの名前またはアドレスを入力してください。',
  'teamalerts.invalid.host':
    'メールサーバーの名前またはアドレスのみを入力してください（ポートやユーザー名は含めません）。',
  'teamalerts.invalid.port': 'ポートは 1〜65535 の数字で入力するか、空欄にしてください。',
  'teamalerts.invalid.securityNone':
    '暗号化なしで送れるのはこのコンピューター上のサーバーだけです。STARTTLS または TLS を選んでください。',
  'teamalerts.invalid.username': 'ユーザー名は {max} 文字以内で、1 行で入力してください。',
  'teamalerts.invalid.password': 'このユーザー名のパスワードを入力してください（1 行）。',
  'teamalerts.invalid.from': '差出人のメールアドレスを入力してください。',
  'teamalerts.invalid.toCount': 'アラートの宛先を 1〜{max} 件入力してください。',
  'teamalerts.invalid.to': '宛先は正しいメールアドレスで入力してください。',
  'teamalerts.invalid.toTwice': '同じアドレスが 2 回入力されています。',
  'teamalerts.invalid.digestAt': '時刻は 00:00〜23:59 の形式（例：08:30）で入力してください。',

  'teamalerts.deliveries': '最近の送信',
  'teamalerts.deliveriesCaption': 'チャットへ送信したアラート（新しい順）',
  'teamalerts.noDeliveries': 'チャットへ送信したアラートはまだありません。',
  'teamalerts.col.time': '検知日時',
  'teamalerts.col.destination': '送信先',
  'teamalerts.col.alert': 'アラート',
  'teamalerts.col.state': '状態',
  'teamalerts.col.error': '直近のエラー',
  'teamalerts.state.sent': '送信済み',
  'teamalerts.state.queued': '送信待ち',
  'teamalerts.state.retry': '再送待ち',
  'teamalerts.state.failed': '送信失敗',
  'teamalerts.state.unknown': '届いた可能性あり（再送しません）',
  'teamalerts.mayHaveArrived': '{count} 件は届いた可能性があるため、再送しません。',
  'teamalerts.nextTry': '次の再送 {time}',
  'teamalerts.tries': '試行 {count} 回',
  'teamalerts.alert': '{rule}：{lock}',
  'teamalerts.removedDestination': '削除済みの送信先',
  'teamalerts.summary.pending': '送信待ち {count} 件',
  'teamalerts.summary.failed': '送信失敗 {count} 件',
  'teamalerts.sendNow': '今すぐ送信',
  'teamalerts.sending': '送信中…',
  'teamalerts.sendNowHint':
    '再送の時刻になったものを送信します。それ以外は次の再送時刻まで待ちます。',
  'teamalerts.sendNowResult': '送信 {sent} 件、再送待ち {retrying} 件、送信失敗 {failed} 件です。',
  'teamalerts.nothingDue': 'まだ再送の時刻になったものはありません。次の再送時刻に送信します。',
  'teamalerts.round':
    'チャットへの通知：送信 {sent} 件、再送待ち {retrying} 件、送信失敗 {failed} 件',
};
