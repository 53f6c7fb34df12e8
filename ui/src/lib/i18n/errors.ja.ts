// Japanese error messages: the same keys as errors.en.ts (the type checks it), merged into ja.ts.
import type { ErrorMessageKey } from './errors.en';

export const errorsJa: Record<ErrorMessageKey, string> = {
  // サービスのコード
  'error.unsupported_grant_type': 'サービスが Lockdesk のサインイン方式を受け付けませんでした。',
  'error.invalid_grant':
    'このサインインはサービスで無効になっています（取り消されたか、有効期限が切れています）。',
  'error.invalid_client':
    'サービスがこの接続のクライアント ID またはクライアントシークレットを受け付けませんでした。',
  'error.invalid_request': 'サービスがリクエストの形式を受け付けませんでした。',
  'error.invalid_params': '「{field}」の値がサービスに受け付けられませんでした。',
  'error.registered_mail': 'このメールアドレスのユーザーは既に組織に登録されています。',
  'error.exist_invitation': 'このアドレスへの招待は既に送信済みで、承認待ちです。',
  'error.invitation_limit_exceeded':
    '組織の有効な招待が、サービスの上限である {limit} 件に達しています。招待が承認されるか期限切れになるのをお待ちのうえ、改めて招待してください。',
  'error.invalid_token': 'この接続のサインインは無効になりました。',
  'error.insufficient_scope':
    'この接続には、この操作の権限（スコープ「{scope}」）が許可されていません。',
  'error.insufficient_authority': 'このアカウントの権限では、この組織でこの操作は行えません。',
  'error.not_in_organization': 'このアカウントはこの組織に所属していません。',
  'error.not_allowed': 'サービスがこの操作を許可していません。',
  'error.organization_not_found': 'この組織は存在しないか、このアカウントからは参照できません。',
  'error.lock_not_found': 'この錠は組織に登録されていません（削除された可能性があります）。',
  'error.lock_group_not_found': 'この錠グループは既に存在しません。',
  'error.user_not_found': 'その ID のユーザーはこの組織にいません。',
  'error.user_group_not_found': 'このユーザーグループは既に存在しません。',
  'error.rate_limit_exceeded': '短時間にサービスへのリクエストが集中しました。',
  'error.service_other': 'サービスがリクエストを拒否しました（コード「{service_code}」）。',
  // サービスとの通信
  'error.validation': '「{field}」の値が正しくありません。',
  'error.insecure_base_url':
    'サービスのアドレス {address} は使用できません。https:// で始まるアドレスを指定してください（http:// はこのコンピューター上のサービスに限ります）。',
  'error.state_mismatch': 'サインインの応答が、最新のサインイン操作のものではありません。',
  'error.authorization_failed':
    'サインインが完了しませんでした。サービスがアクセスを許可しませんでした。',
  'error.v2_session_expired': '履歴用サインインの有効期限が切れました（有効期間は 2 時間です）。',
  'error.not_signed_in': 'この接続にはサインインしていません。',
  'error.renewal_interrupted':
    'このサインインの更新中に Lockdesk のプログラムが停止したため、サービスは以前のサインインを受け付けなくなりました。もう一度サインインしてください。',
  'error.renewal_busy':
    '別の Lockdesk（別のウィンドウのアプリ、または定期実行の lockctl）がこのサインインを更新中で、時間内に終わりませんでした。1 分ほど待ってからもう一度お試しください。',
  'error.token_store': '更新したサインイン情報をシステムのキーチェーンに保存できませんでした。',
  'error.timeout': '{address} のサービスから時間内に応答がありませんでした。',
  'error.transport': '{address} のサービスに接続できませんでした。',
  'error.answer_lost':
    '{address} のサービスに送信した後で応答が途絶えたため、変更が行われたかどうか分かりません。',
  'error.proxy_auth_required':
    'このコンピューターとサービスの間のプロキシ {proxy} が、ユーザー名とパスワードを求めています。',
  'error.tls_certificate': '{host} との安全な接続を確立できなかったため、接続しませんでした。',
  'error.decode': 'サービスから想定外の形式の応答がありました。',
  'error.answer_too_large':
    'サービスの応答が Lockdesk の読み込み上限（16 MiB）を超えたため、読み込みませんでした。',
  'error.too_many_pages':
    'サービスが一覧の上限（100,000 件）を超えてページを送り続けたため、一覧の取得を中止しました。',
  'error.cancelled': '操作は取り消されました。',
  // Lockdesk
  'error.keychain_unavailable': '秘密情報を保存するシステムのキーチェーンが利用できません。',
  'error.keychain_error': 'システムのキーチェーンが操作を拒否しました。',
  'error.config_invalid':
    '設定ファイル {path} を読み込めません（ファイルは変更していません）。内容を修正するか、ファイルを削除してください。',
  'error.config_write_failed': '設定を保存できませんでした。',
  'error.config_dir_unknown':
    'このコンピューターで設定を保存する場所が分かりません。環境変数 LOCKDESK_CONFIG_DIR に、Lockdesk が使用できるフォルダーを指定してください。',
  'error.profile_not_found': 'この名前の接続はありません。',
  'error.profile_exists': 'この名前の接続は既に存在します。別の名前を指定してください。',
  'error.client_secret_missing':
    'この接続のクライアントシークレットがシステムのキーチェーンにありません。接続を削除してから、もう一度追加してください。',
  'error.secret_bound_elsewhere':
    'この接続の秘密情報は、現在の接続先とは別のサービスのアドレスまたはクライアント ID 用に保存されたものです。Lockdesk は送信しませんでした。接続を削除してから、もう一度追加してください。',
  'error.invalid_input': '「{field}」の値は受け付けられません。',
  'error.wrong_api':
    'この接続は別の API 用に登録されています。この操作には {api} 用の接続が必要です。',
  'error.organization_required':
    'このアカウントは複数の組織に所属しています。作業する組織を選んでください。',
  'error.no_organization':
    'このアカウントはどの組織にも所属していません。組織のスーパーマネージャーに追加を依頼してください。',
  'error.demo_failed': 'デモを開始できませんでした。',
  'error.image_too_large':
    '「{name}」は画素数が多すぎます(読み込めるのは一辺 16,384 ピクセル、1 億画素まで)。画像編集ソフトで小さくしてから、もう一度お試しください。',
  'error.not_an_image':
    '「{name}」は画像ではありません。JPEG、PNG、GIF、WebP、BMP のいずれかのファイルを使用してください。',
  'error.file_unreadable': 'ファイルを読み込めませんでした。',
  'error.file_unwritable': 'ファイルを保存できませんでした。',
  'error.image_unavailable': 'サービスから画像を読み込めませんでした。',
  'error.job_not_found': 'この処理は見つかりません（Lockdesk が再起動された可能性があります）。',
  'error.jobs_running':
    '一括招待または履歴の同期が実行中です。デモを開始・終了する前に停止する必要があります。',
  'error.no_pending_sign_in': 'この接続で進行中のサインインはありません。',
  'error.csv_invalid':
    'CSV ファイルを表として読み込めません。見出し行のある CSV として Excel で保存してから、もう一度お試しください。',
  'error.csv_encoding':
    'ファイルの文字コードを読み取れません（UTF-8、UTF-16、Shift_JIS（CP932）のいずれでもありません）。Excel で「CSV UTF-8」「CSV（コンマ区切り）」または「Unicode テキスト」として保存してから、もう一度お試しください。',
  'error.csv_too_large':
    'ファイルが {limit} MB を超えているため、一度に読み込めません。ファイルを分割し、順番に取り込んでください。',
  'error.csv_too_many_rows':
    'ファイルの行数が {limit} 行を超えているため、一度に読み込めません。{limit} 行以下のファイルに分割し、順番に取り込んでください。',
  'error.cached_only':
    '現在はオフライン用に保存した一覧のみ表示できます。この操作にはサービスへの接続が必要なため、変更は行われません。',
  'error.not_cached':
    'この一覧はまだオフライン用に保存されていません。サービスから一度読み込むと保存されます。',
  'error.destination_not_found': 'このアラートの送信先はもうありません。',
  'error.directory_source_failed':
    'ディレクトリの取得元を読み込めませんでした（サインイン、権限、または接続の問題です）。計画も変更も行っていません。',
  'error.destination_exists':
    '同じ種類・同じ名前のアラート送信先がすでに一覧にあります（チームの別のパソコンで追加されたものかもしれません）。そちらにこのパソコンでのアドレスを設定するか、別の名前にしてください。',
  'error.team_address_invalid':
    'チームのデータソースは postgres://ユーザー@ホスト:ポート/データベース の形で、パスワードを含めずに指定してください（パスワードは別に入力します）。',
  'error.team_unreachable':
    'チームのデータベースに接続できません。このコンピューターでは作業を続けられ、変更はデータベースに再び接続したときに共有されます。',
  'error.team_sign_in_refused':
    'チームのデータベースがユーザー名またはパスワードを受け付けませんでした。正しいパスワードでもう一度接続してください。',
  'error.team_schema_too_new':
    'チームのデータベースは新しいバージョンの Lockdesk で更新されています。このコンピューターの Lockdesk を更新してください。更新するまでは読み取りのみです。',
  'error.team_database':
    'チームのデータベースが要求を拒否しました。データベースのロールの権限を IT 担当者に確認してください。',
  'error.team_password_missing':
    'キーチェーンにチームのデータベースのパスワードがありません。このコンピューターをもう一度接続してください。',
  'error.team_conflict':
    '{computer} の {user} さんが {at} にこの設定を変更しました（この画面を開いた後の変更です）。この変更は保存されていません。表示中の設定はその変更後の内容です。もう一度変更してください。',
  'error.team_conflict.unknown':
    '別の管理者がこの画面を開いた後にこの設定を変更しました。この変更は保存されていません。表示中の設定はその変更後の内容です。もう一度変更してください。',
  'error.team_shared_unreachable':
    'チームのデータベースに接続できないため、チームで共有している設定は今は変更できません（その間に別の管理者が変更する可能性があるため）。何も保存されていません。接続できるようになってから、もう一度お試しください。',
  'error.webhook_refused':
    'チャットサービスがメッセージを受け付けませんでした。送信先のアドレス（Chatwork の場合は API トークンとルーム）を確認し、「アドレスを変更」から正しいものを設定してください（ルームが違う場合は送信先を追加し直してください）。',
  'error.webhook_unavailable':
    'チャットサービスに接続できないか、混み合っています。送信待ちのアラートは自動で再送されます。',
  'error.webhook_answer_lost':
    'メッセージを送信しましたが応答がなく、届いたかどうか分かりません。同じアラートが二度届かないよう再送はしません。チャットルームを確認してください。',
  'error.delivery_interrupted':
    'このアラートの送信中に Lockdesk が停止しました。届いている可能性があります。再送はしないので、チャットルームまたはメールボックスを確認してください。',
  'error.webhook_secret_missing':
    'このアラート送信先の Webhook アドレスまたはメールのパスワードが、このパソコンにはまだ設定されていません（キーチェーンにありません）。「このパソコンで設定」から設定してください。',
  'error.mail_password_bound_elsewhere':
    'このアラート送信先のメールのパスワードは、現在の送信先とは別のメールサーバー、ポート番号またはユーザー名用に保存されたものです。Lockdesk は送信しませんでした。送信先を削除してから、もう一度追加してください。',
  'error.mail_refused':
    'メールサーバーがアラートのメールを受け付けませんでした。送信元と宛先のアドレスを確認し、正しい内容で送信先を追加し直してください。',
  'error.mail_auth_failed':
    'メールサーバーへのログインが拒否されました。ユーザー名とパスワードを情報システム担当者に確認し、「アドレスを変更」から正しいパスワードを設定してください（ユーザー名が違う場合は送信先を追加し直してください）。',
  'error.mail_unavailable':
    'メールサーバーに接続できないか、時間をおいて再送するよう求められました。送信待ちのアラートは自動で再送されます。',
  'error.mail_starttls_missing':
    'メールサーバーが STARTTLS に対応していません。Lockdesk は暗号化せずにネットワークへ送信することはありません。サーバーが対応していれば TLS（ポート 465）を使うか、STARTTLS を有効にするよう情報システム担当者に依頼してください。',
  // 履歴アーカイブ
  'error.archive_db': 'このコンピューターの履歴アーカイブを読み書きできませんでした。',
  'error.archive_open_failed': 'このコンピューターの履歴アーカイブを開けませんでした。',
  'error.archive_schema_too_new':
    'このコンピューターの履歴アーカイブは、新しいバージョンの Lockdesk で作成されています。Lockdesk を更新してからご利用ください。',
  'error.data_dir_unknown':
    'このコンピューターでデータを保存する場所が分かりません。環境変数 LOCKDESK_DATA_DIR に、Lockdesk が使用できるフォルダーを指定してください。',
  'error.export_failed': '書き出しに失敗しました。',
  'error.sync_running':
    'このアーカイブでは、別の履歴同期が実行中です（別のウィンドウ、または定期実行の lockctl）。',
  // このコンピューターの保存ファイル
  'error.disk_full':
    'フォルダー {folder} のディスクがいっぱいのため、何も書き込みませんでした。{needed} 以上の空きを作ってから、もう一度お試しください。操作記録を書き込めない間は、サービスへの変更を送信しません。',
  'error.store_failed':
    'Lockdesk がこのコンピューターに保存しているファイル（{path}）を読み書きできませんでした。',
  'error.store_damaged':
    'Lockdesk がこのコンピューターに保存しているファイル（{path}）が破損していました。{movedTo} として保管し、今後は新しい空のファイルを使います。',
  // 要求の処理とアプリ
  'error.unknown_command': 'このバージョンの Lockdesk では、この要求を処理できません。',
  'error.invalid_arguments': 'Lockdesk が処理できない要求が送信されました。',
  'error.internal': '内部の問題により、Lockdesk は要求を完了できませんでした。',
  'error.dialog_failed': '保存ダイアログを開けませんでした。',
  'error.update_unreachable':
    '更新サーバー（{address}）に接続できませんでした。何もダウンロードしていません。',
  'error.update_refused':
    'ダウンロードした更新は署名の確認に合格しなかったため破棄しました。何もインストールしていません。',
  'error.update_failed': '更新をインストールできませんでした。',
  'error.window_failed': 'サインイン用のウィンドウを開けませんでした。',
  'error.sign_in_cancelled': 'サインインは完了前に取り消されました。変更はありません。',
  'error.usage': 'コマンドの使い方が正しくありません。',
  'error.profile_required': '接続が複数あります。使用する接続を選んでください。',
  'error.no_profile': '接続がまだ追加されていません。「接続」画面で追加してください。',
  'error.output_failed': '出力を書き込めませんでした。',
  'error.import_incomplete':
    'ファイルの一部の行を処理できませんでした。行番号付きで一覧に示しています。',

  // 対処方法（カテゴリー別）
  'error.howTo.sign_in_again': 'この接続にもう一度サインインしてください。',
  'error.howTo.sign_in_again_history':
    '履歴用サインインは延長できません。履歴用の接続にもう一度サインインしてください。',
  'error.howTo.refused_by_role':
    '組織のスーパーマネージャーに、操作または権限の変更を依頼してください。',
  'error.howTo.organization': '「組織」画面で作業する組織を選んでください。',
  'error.howTo.bad_input': '値を修正して、もう一度お試しください。',
  'error.howTo.not_found': '一覧を更新してください。他の方が変更した可能性があります。',
  'error.howTo.busy': 'しばらく待ってから、もう一度お試しください。',
  'error.howTo.proxy':
    'このプロキシが動作しているか、使用すべきプロキシかどうかを IT 担当者にご確認のうえ、もう一度お試しください。',
  'error.howTo.proxy_script':
    'スクリプトのアドレスが正しいか、そのサーバーが動作しているかを IT 担当者にご確認のうえ、もう一度お試しください。',
  'error.howTo.outcome_unknown':
    'もう一度実行する前に、一覧で反映されているかどうかを確認してください。Lockdesk は自動で再送信していません。',
  'error.howTo.service_unreachable':
    'このコンピューターのネットワーク接続と、接続に設定したサービスのアドレスを確認してから、もう一度お試しください。',
  'error.howTo.certificate':
    '会社で HTTPS の検査を行っている場合は、IT 担当者に依頼して、会社のルート証明書をこのコンピューターにインストールしてもらってください。',
  'error.howTo.service_error':
    'しばらくしてから、もう一度お試しください。繰り返し発生する場合は、サービスのサポート窓口にお問い合わせください。',
  'error.howTo.connection': '「接続」画面で、この接続の設定を確認してください。',
  'error.howTo.proxy_login':
    '「アカウント」画面でプロキシのユーザー名とパスワードを入力してください（わからない場合は IT 担当者にお問い合わせください）。Lockdesk はシステムのキーチェーンに保存します。',
  'error.howTo.keychain':
    'システムのキーチェーン（Linux では gnome-keyring などの Secret Service）を起動してロックを解除してから、もう一度お試しください。',
  'error.howTo.local_file':
    'ファイルやフォルダーが存在し、読み書きが許可されているかを確認してください。',
  'error.howTo.internal':
    'もう一度お試しください。繰り返し発生する場合は、Lockdesk を再起動してください。',

  'error.code': 'コード：{code}',
  'error.disk_full.noFolder':
    'ディスクがいっぱいのため、何も書き込みませんでした。空きを作ってから、もう一度お試しください。',
  'error.store_failed.archive':
    'このコンピューターの履歴アーカイブ（{path}）を読み書きできませんでした。',
  'error.store_failed.journal':
    'このコンピューターの操作記録（{path}）を読み書きできませんでした。',
  'error.store_failed.alerts':
    'このコンピューターの監視アラート（{path}）を読み書きできませんでした。',
  'error.store_failed.deliveries':
    'チームへのアラート送信の記録（{path}）を読み書きできませんでした。',
  'error.store_failed.report_runs': '定期レポートの作成記録（{path}）を読み書きできませんでした。',
  'error.store_failed.offline_cache':
    'オフライン表示用に保存した一覧（{path}）を読み書きできませんでした。',
  'error.store_damaged.archive':
    'このコンピューターの履歴アーカイブが破損していました。{movedTo} として保管しました。次回の履歴の同期で、サービスから新しいアーカイブを作成します。',
  'error.store_damaged.journal':
    'このコンピューターの操作記録が破損していました。{movedTo} として保管し、新しい操作記録を開始しました。以前の記録も、読み取れる範囲でアクティビティ画面に表示できます。もう一度お試しください。',
  'error.store_damaged.alerts':
    'このコンピューターの監視アラートが破損していました。{movedTo} として保管し、新しいファイルを開始しました。以前のアラートを再度通知することはありませんが、ミュートは設定し直してください。',
  'error.store_damaged.deliveries':
    'チームへのアラート送信の記録が破損していました。{movedTo} として保管し、新しい記録を開始しました。同じメッセージを二度送ることはありませんが、送信待ちのメッセージは破棄されました。',
  'error.store_damaged.report_runs':
    '定期レポートの作成記録が破損していました。{movedTo} として保管し、新しい記録を開始しました。保存先フォルダーにあるレポートを再度作成することはありません。',
  'error.store_damaged.offline_cache':
    'オフライン表示用に保存した一覧が破損していました。{movedTo} として保管しました。一覧はサービスから読み込むたびに改めて保存されます。',
  'error.store_damaged.notMoved':
    'Lockdesk がこのコンピューターに保存しているファイル（{path}）が破損しており、退避できませんでした。他の Lockdesk（予約実行中の lockctl も含む）を終了してから、もう一度お試しください。',
  'error.signInAgain': 'もう一度サインイン',
  'error.action.organizations': '組織を選ぶ',
  'error.action.connect': '接続を開く',
  'error.action.proxy': 'プロキシのパスワードを入力',
  'error.proxy_auth_required.noProxy':
    'このコンピューターとサービスの間のプロキシが、ユーザー名とパスワードを求めています。',
  'error.proxy_auth_required.refused':
    'プロキシ {proxy} が、保存されているユーザー名とパスワードを受け付けませんでした（変更された可能性があります）。',
  'error.directory_source_failed.sign_in_refused':
    'ディレクトリの取得元がサインインを拒否しました。設定したクライアント シークレット、証明書、キー、アカウントまたはパスワードを確認してください。計画も変更も行っていません。',
  'error.directory_source_failed.permission_missing':
    'ディレクトリの取得元に必要な権限が Lockdesk にありません：{permission}。IT 担当者に（管理者の同意とともに）付与を依頼してから、もう一度お試しください。計画も変更も行っていません。',
  'error.directory_source_failed.throttled':
    'ディレクトリの取得元から待つよう繰り返し求められました（要求が多すぎます）。数分後にもう一度お試しください。計画も変更も行っていません。',
  'error.directory_source_failed.unreachable':
    'ディレクトリの取得元に接続できませんでした（ネットワーク、プロキシ、またはサーバーのアドレスの問題です）。計画も変更も行っていません。',
  'error.directory_source_failed.certificate':
    'ディレクトリ サーバーの証明書がこのパソコンで信頼されていません。会社のルート証明書を OS にインストールするよう IT 担当者に依頼してください。計画も変更も行っていません。',
  'error.directory_source_failed.not_found':
    '社員の所在（ベース DN）がディレクトリにありません。ベース DN を確認してください。計画も変更も行っていません。',
  'error.directory_source_failed.filter':
    'ディレクトリがフィルターを解釈できませんでした。括弧と属性名を確認してください。計画も変更も行っていません。',
  'error.directory_source_failed.too_large':
    'ディレクトリの取得元の件数が、Lockdesk が一度に読み込める量を超えています。グループ、ベース DN またはフィルターで絞り込んでください。計画も変更も行っていません。',
  'error.directory_source_failed.unexpected':
    'ディレクトリの取得元から予期しない応答がありました。しばらくしてからもう一度お試しください。続く場合はログを確認してください。計画も変更も行っていません。',
  'error.directory_source_failed.secret_missing':
    'このパソコンの資格情報ストアに、このディレクトリの取得元の秘密情報がありません。取得元を削除して、もう一度追加してください。計画も変更も行っていません。',
  'error.directory_source_failed.sign_in_expired':
    'ディレクトリへのサインインの有効期限が切れました（コードの期限切れ、または保存したサインインが無効になりました）。取得元を削除して追加し直し、もう一度サインインしてください。計画も変更も行っていません。',
  'error.directory_source_failed.sign_in_declined':
    'ディレクトリへのサインインが拒否されました。何も追加していません。',
  'error.insufficient_scope.unknown':
    'この接続には、この操作に必要な権限（スコープ）がありません。',
  'error.insufficient_scope.howTo':
    'サービスの Web 管理画面で「アカウント設定 → アクセストークン」を開き、このアプリのスコープにチェックを入れて保存してください。その後、もう一度サインインしてからお試しください。',
  'error.invalid_params.noField': '送信した値の一部がサービスに受け付けられませんでした。',
  'error.validation.noField': '入力された値の一部が正しくありません。',
  'error.invalid_input.noField': '入力された値の一部は受け付けられません。',
  'error.field.validation': 'この値は正しくありません。',
  'error.field.invalid_input': 'この値は受け付けられません。',
  'error.field.invalid_params': 'この値はサービスに受け付けられませんでした。',
  'error.invitation_limit_exceeded.noLimit':
    '組織の有効な招待がサービスの上限に達しています。招待が承認されるか期限切れになるのをお待ちのうえ、改めて招待してください。',
  'error.csv_too_large.noLimit':
    'ファイルが大きすぎるため、一度に読み込めません。ファイルを分割し、順番に取り込んでください。',
  'error.csv_too_many_rows.noLimit':
    'ファイルの行数が多すぎるため、一度に読み込めません。ファイルを分割し、順番に取り込んでください。',
  'error.service_other.noCode': 'サービスがリクエストを拒否しました（理由は示されていません）。',
  'error.insecure_base_url.noAddress':
    'このサービスのアドレスは使用できません。https:// で始まるアドレスを指定してください（http:// はこのコンピューター上のサービスに限ります）。',
  'error.timeout.noAddress': 'サービスから時間内に応答がありませんでした。',
  'error.update_unreachable.noAddress':
    '更新サーバーに接続できませんでした。何もダウンロードしていません。',
  'error.transport.noAddress': 'サービスに接続できませんでした。',
  'error.transport.proxy':
    'プロキシ {proxy} を経由して {address} のサービスに接続できませんでした。',
  'error.timeout.proxyScript':
    'プロキシ自動構成スクリプト {script} を使用できなかったため、プロキシを使わずに {address} のサービスへの接続を試みましたが、時間内に応答がありませんでした。',
  'error.transport.proxyScript':
    'プロキシ自動構成スクリプト {script} を使用できなかったため、プロキシを使わずに {address} のサービスへの接続を試みましたが、接続できませんでした。',
  'error.answer_lost.noAddress':
    'サービスに送信した後で応答が途絶えたため、変更が行われたかどうか分かりません。',
  'error.tls_certificate.noHost':
    'サービスの証明書がこのコンピューターで信頼されていないため、接続しませんでした。',
  'error.tls_certificate.unknown_issuer':
    '{host} の証明書は、このコンピューターが信頼していない認証局が発行したものであるため、接続しませんでした。',
  'error.tls_certificate.expired':
    '{host} の証明書は有効期限が切れているため、接続しませんでした（このコンピューターの日付が正しくない可能性もあります）。',
  'error.tls_certificate.not_yet_valid':
    '{host} の証明書はまだ有効期間が始まっていないため、接続しませんでした（このコンピューターの日付が正しくない可能性もあります）。',
  'error.tls_certificate.wrong_name':
    '{host} で提示された証明書は別のホスト名のものであるため、接続しませんでした。',
  'error.tls_certificate.revoked': '{host} の証明書は失効しているため、接続しませんでした。',
  'error.config_invalid.noPath':
    '設定ファイルを読み込めません（ファイルは変更していません）。内容を修正するか、ファイルを削除してください。',
  'error.config_invalid.cutShort':
    '設定ファイル {path} は途中で切れています（{line} 行目、{column} 列目で終わっています）。ファイルは変更していません。内容を修正するか、ファイルを削除してください。',
  'error.config_invalid.notJson':
    '設定ファイル {path} の {line} 行目、{column} 列目が JSON として正しくありません。ファイルは変更していません。内容を修正するか、ファイルを削除してください。',
  'error.config_invalid.wrongValue':
    '設定ファイル {path} の {line} 行目、{column} 列目に、Lockdesk が使えない値があります。ファイルは変更していません。内容を修正するか、ファイルを削除してください。',
  'error.config_invalid.wrongValueField':
    '設定ファイル {path} の {field}（{line} 行目、{column} 列目）に、Lockdesk が使えない値があります。ファイルは変更していません。内容を修正するか、ファイルを削除してください。',
  'error.wrong_api.noApi': 'この接続は別の API 用に登録されています。',
  'error.image_too_large.noName':
    '画像の画素数が多すぎます(読み込めるのは一辺 16,384 ピクセル、1 億画素まで)。画像編集ソフトで小さくしてから、もう一度お試しください。',
  'error.not_an_image.noName':
    'このファイルは画像ではありません。JPEG、PNG、GIF、WebP、BMP のいずれかのファイルを使用してください。',
  'error.unknown': 'エラーが発生しました：{message}',
};
