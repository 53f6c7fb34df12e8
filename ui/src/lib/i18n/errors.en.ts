// English error messages, merged into the catalogue (en.ts). One message per ErrorCode, named
// `error.<code>`: the type below makes a missing, extra or renamed code fail `npm run check`.
// Variants (`.noField`, `.noAddress`…) are for when the details lack the fact; `error.howTo.*`
// say what to do, by category. Every key must exist in errors.ja.ts too.
import type { ErrorCode } from '../backend/types/ErrorCode';

type CodeMessages = { [C in ErrorCode as `error.${C}`]: string };

/** What happened, one per code. */
export const errorCodesEn = {
  // The service's codes.
  'error.unsupported_grant_type': 'The service did not accept the sign-in method Lockdesk used.',
  'error.invalid_grant': 'The service no longer accepts this sign-in (it was revoked or expired).',
  'error.invalid_client':
    'The service did not accept the client ID or client secret of this connection.',
  'error.invalid_request': 'The service rejected the request as malformed.',
  'error.invalid_params': 'The service did not accept the value of “{field}”.',
  'error.registered_mail': 'A user with this e-mail address already exists in the organization.',
  'error.exist_invitation': 'An invitation to this address is already waiting to be accepted.',
  'error.invitation_limit_exceeded':
    'The organization already has {limit} active invitations, the most the service allows. Wait until some are accepted or expire, then invite again.',
  'error.invalid_token': 'Your sign-in to this connection is no longer valid.',
  'error.insufficient_scope':
    'This connection is not allowed to do that: the permission (scope) “{scope}” is switched off.',
  'error.insufficient_authority': 'Your role in this organization does not allow this.',
  'error.not_in_organization': 'Your account does not belong to this organization.',
  'error.not_allowed': 'The service does not allow this action here.',
  'error.organization_not_found':
    'This organization no longer exists, or your account cannot see it.',
  'error.lock_not_found': 'This lock is not in the organization (it may have been removed).',
  'error.lock_group_not_found': 'This lock group no longer exists.',
  'error.user_not_found': 'There is no user with that ID in this organization.',
  'error.user_group_not_found': 'This user group no longer exists.',
  'error.rate_limit_exceeded': 'The service received too many requests in a short time.',
  'error.service_other': 'The service refused the request (its code: “{service_code}”).',
  // The service client.
  'error.validation': 'The value of “{field}” is not valid.',
  'error.insecure_base_url':
    'The service address {address} cannot be used. Use an address starting with https:// (http:// only for a service on this computer).',
  'error.state_mismatch': 'The sign-in answer does not belong to the latest sign-in attempt.',
  'error.authorization_failed': 'The sign-in did not complete: the service did not grant access.',
  'error.v2_session_expired': 'The history sign-in has expired (history sign-ins last two hours).',
  'error.not_signed_in': 'You are not signed in to this connection.',
  'error.renewal_interrupted':
    'A Lockdesk program was stopped while it renewed this sign-in, and the service no longer accepts the old one. Sign in again.',
  'error.renewal_busy':
    'Another Lockdesk program (this app in another window, or a scheduled lockctl) is renewing this sign-in and did not finish in time. Try again in a minute.',
  'error.token_store': 'The renewed sign-in could not be saved in the system keychain.',
  'error.timeout': 'The service at {address} did not answer in time.',
  'error.transport': 'The service at {address} could not be reached.',
  'error.answer_lost':
    'The request reached the service at {address}, but its answer was lost, so whether the change was made is not known.',
  'error.tls_certificate':
    'The secure connection to {host} could not be set up, so Lockdesk did not connect.',
  'error.proxy_auth_required':
    'The proxy {proxy} between this computer and the service asks for a user name and password.',
  'error.decode': 'The service answered in a way Lockdesk does not understand.',
  'error.answer_too_large':
    'The service sent an answer larger than Lockdesk reads (16 MiB); it was not read.',
  'error.too_many_pages':
    'The service kept sending more pages than one list may have (100,000 items); the list was stopped.',
  'error.cancelled': 'The operation was cancelled.',
  // Lockdesk.
  'error.keychain_unavailable': 'No system keychain is available to keep your secrets.',
  'error.keychain_error': 'The system keychain refused the operation.',
  'error.config_invalid':
    'The settings file {path} cannot be read; Lockdesk left it unchanged. Fix or remove the file.',
  'error.config_write_failed': 'The settings could not be saved.',
  'error.config_dir_unknown':
    'Lockdesk does not know where to keep its settings on this computer. Set the environment variable LOCKDESK_CONFIG_DIR to a folder Lockdesk may use.',
  'error.profile_not_found': 'There is no connection with this name.',
  'error.profile_exists': 'A connection with this name already exists. Choose another name.',
  'error.client_secret_missing':
    'The client secret of this connection is missing from the system keychain. Remove the connection and add it again.',
  'error.secret_bound_elsewhere':
    'The secrets kept for this connection were stored for another service address or client ID than the connection now names, so Lockdesk did not send them. Remove the connection and add it again.',
  'error.invalid_input': 'The value of “{field}” is not accepted.',
  'error.wrong_api':
    'This connection is registered for the other API; this needs a {api} connection.',
  'error.organization_required':
    'Your account belongs to several organizations. Choose the one to work on.',
  'error.no_organization':
    'Your account does not belong to any organization. Ask a super manager of your organization to add you.',
  'error.demo_failed': 'The demo could not start.',
  'error.not_an_image': '“{name}” is not an image. Use a JPEG, PNG, GIF, WebP or BMP file.',
  'error.image_too_large':
    '“{name}” has too many pixels (Lockdesk reads up to 16,384 pixels a side and 100 megapixels). Make it smaller in an image editor and try again.',
  'error.file_unreadable': 'The file could not be read.',
  'error.file_unwritable': 'The file could not be saved.',
  'error.image_unavailable': 'The image could not be loaded from the service.',
  'error.job_not_found': 'This task is no longer known (Lockdesk may have been restarted).',
  'error.jobs_running':
    'A bulk invitation or a history sync is still running; it must stop before the demo is started or left.',
  'error.no_pending_sign_in': 'No sign-in is in progress for this connection.',
  'error.csv_invalid':
    'The CSV file cannot be read as a table. Save it from Excel as CSV with a header row and try again.',
  'error.csv_encoding':
    'The file is not text Lockdesk can read (UTF-8, UTF-16 or Shift_JIS/CP932). In Excel, save it as “CSV UTF-8”, “CSV (comma delimited)” or “Unicode text” and try again.',
  'error.csv_too_large':
    'The file is larger than {limit} MB, the most Lockdesk reads at once. Split it into smaller files and import them one after the other.',
  'error.csv_too_many_rows':
    'The file has more than {limit} rows, the most Lockdesk reads at once. Split it into files of at most {limit} rows and import them one after the other.',
  'error.cached_only':
    'Only the lists kept for offline reading can be shown now; this needs the service, and nothing is changed.',
  'error.not_cached':
    'Nothing is kept for offline reading here yet: it is kept once the service has answered this list.',
  'error.destination_not_found': 'This alert destination no longer exists.',
  'error.directory_source_failed':
    'The directory source could not be read (its sign-in, a permission, or the connection). Nothing was planned or changed.',
  'error.destination_exists':
    'An alert destination of this kind with this name is already in the list (perhaps added on another computer of the team). Give that one its address on this computer, or choose another name.',
  'error.team_address_invalid':
    'The team data source must be given as postgres://USER@HOST:PORT/DATABASE, without a password (the password is asked for separately).',
  'error.team_unreachable':
    "The team's database cannot be reached. This computer goes on working; its changes are shared when the database is back.",
  'error.team_sign_in_refused':
    "The team's database refused the user name or password. Connect again with the right password.",
  'error.team_schema_too_new':
    "The team's database was updated by a newer Lockdesk. Update Lockdesk on this computer; until then it only reads the team's data.",
  'error.team_database':
    "The team's database refused the request. Ask IT to check the database role's rights.",
  'error.team_password_missing':
    "The keychain holds no password for the team's database. Connect this computer again.",
  'error.team_conflict':
    '{user} on {computer} changed these settings at {at}, after this screen read them. Your change was not saved; the settings shown now are theirs: make your change again.',
  'error.team_shared_unreachable':
    "The team's database cannot be reached, so the settings the team shares cannot be changed now (another administrator could change them meanwhile). Nothing was saved; try again when it answers.",
  'error.webhook_refused':
    'The chat service refused the message. Check the webhook address (for Chatwork, the API token and room), then give the right one with “Change its address” (a wrong room: add the destination again).',
  'error.webhook_unavailable':
    'The chat service could not be reached, or is busy. Alerts waiting for it are sent again on their own.',
  'error.webhook_answer_lost':
    'The message was sent but no answer came back; it may have arrived. Look in the chat room: Lockdesk does not send it again, so no alert is read twice.',
  'error.delivery_interrupted':
    'Lockdesk was stopped while sending this alert; it may have arrived. Look in the chat room or mailbox: it is not sent again.',
  'error.webhook_secret_missing':
    'This computer has not been given the webhook address or mail password of this alert destination (it is not in the keychain). Give it with “Give its address here”.',
  'error.mail_password_bound_elsewhere':
    'The mail password of this alert destination was kept for another mail server, port or user name than the destination now names, so Lockdesk did not send it. Remove the destination and add it again.',
  'error.mail_refused':
    'The mail server refused the alert mail. Check the From and To addresses, then add the destination again with the right ones.',
  'error.mail_auth_failed':
    'The mail server refused the sign-in. Check the user name and password with IT, then give the right password with “Change its address” (a wrong user name: add the destination again).',
  'error.mail_unavailable':
    'The mail server could not be reached, or asked to try later. Alerts waiting for it are sent again on their own.',
  'error.mail_starttls_missing':
    'The mail server does not offer STARTTLS, and Lockdesk sends nothing unencrypted over the network. Use TLS (port 465) if the server offers it, or ask IT to switch STARTTLS on.',
  // The history archive.
  'error.archive_db': 'The history archive on this computer could not be read or written.',
  'error.archive_open_failed': 'The history archive on this computer could not be opened.',
  'error.archive_schema_too_new':
    'The history archive on this computer was written by a newer Lockdesk. Update Lockdesk to use it.',
  'error.data_dir_unknown':
    'Lockdesk does not know where to keep data on this computer. Set the environment variable LOCKDESK_DATA_DIR to a folder Lockdesk may use.',
  'error.export_failed': 'The export could not be written.',
  'error.sync_running':
    'Another history sync of this archive is running (in another window, or a scheduled lockctl).',
  // The stores and files of this computer.
  'error.disk_full':
    'The disk of the folder {folder} is full, so nothing was written there. Free at least {needed} on it and try again. While the activity journal cannot be written, no change is sent to the service.',
  'error.store_failed':
    'A file Lockdesk keeps on this computer ({path}) could not be read or written.',
  'error.store_damaged':
    'A file Lockdesk keeps on this computer ({path}) was damaged. It was kept as {movedTo}, and a new, empty one is used from now on.',
  // The command layer and the front ends.
  'error.unknown_command': 'This version of Lockdesk cannot handle this request.',
  'error.invalid_arguments': 'Lockdesk sent a request it could not process.',
  'error.internal': 'Lockdesk could not complete the request because of an internal problem.',
  'error.dialog_failed': 'The save dialog could not be opened.',
  'error.update_unreachable':
    'The update server ({address}) could not be reached; nothing was downloaded.',
  'error.update_refused':
    'The downloaded update did not pass the check of its signature and was thrown away; nothing was installed.',
  'error.update_failed': 'The update could not be installed.',
  'error.window_failed': 'The sign-in window could not be opened.',
  'error.sign_in_cancelled': 'The sign-in was cancelled before it finished. Nothing changed.',
  'error.usage': 'The command was not used correctly.',
  'error.profile_required': 'Several connections exist. Choose the one to use.',
  'error.no_profile': 'No connection has been added yet. Add one on the Connections screen.',
  'error.output_failed': 'The output could not be written.',
  'error.import_incomplete':
    'Some rows of the file were not done; they are listed with their line numbers.',
} as const satisfies CodeMessages;

/** What to do, by category (errors.ts picks one per category; some categories need none). */
const howToEn = {
  'error.howTo.sign_in_again': 'Sign in to this connection again.',
  'error.howTo.sign_in_again_history':
    'History sign-ins cannot be extended. Sign in to the history connection again.',
  'error.howTo.refused_by_role':
    'Ask a super manager of the organization to do it, or to change your role.',
  'error.howTo.organization': 'Choose an organization on the Organizations screen.',
  'error.howTo.bad_input': 'Correct the value and try again.',
  'error.howTo.not_found': 'Refresh the list: someone may have changed it in the meantime.',
  'error.howTo.busy': 'Wait a moment, then try again.',
  'error.howTo.service_unreachable':
    'Check this computer’s network connection and the service address of the connection, then try again.',
  'error.howTo.proxy':
    'Ask IT whether this proxy is working and is the one to use, then try again.',
  'error.howTo.proxy_script':
    'Ask IT whether the setup script’s address is right and its server is up, then try again.',
  'error.howTo.outcome_unknown':
    'Look at the list to see whether it was done before trying again. Lockdesk did not send it again.',
  'error.howTo.certificate':
    'If your company inspects HTTPS, ask IT to install its root certificate on this computer.',
  'error.howTo.service_error':
    'Try again later. If it keeps happening, contact the service’s support.',
  'error.howTo.connection': 'Check the settings of this connection on the Connections screen.',
  'error.howTo.proxy_login':
    'Enter the proxy’s user name and password on the Account screen (ask IT if you do not know them). Lockdesk keeps them in the system keychain.',
  'error.howTo.keychain':
    'Start and unlock the system keychain (on Linux, gnome-keyring or another Secret Service), then try again.',
  'error.howTo.local_file':
    'Check that the file or folder exists and that you may read and write it.',
  'error.howTo.internal': 'Try again. If it keeps happening, restart Lockdesk.',
} as const;

export const errorsEn = {
  ...errorCodesEn,
  ...howToEn,
  'error.code': 'Code: {code}',
  'error.signInAgain': 'Sign in again',
  'error.action.organizations': 'Choose an organization',
  'error.action.connect': 'Open Connections',
  'error.action.proxy': 'Enter the proxy password',
  'error.proxy_auth_required.noProxy':
    'The proxy between this computer and the service asks for a user name and password.',
  'error.proxy_auth_required.refused':
    'The proxy {proxy} did not accept the user name and password kept for it (they may have changed).',
  'error.directory_source_failed.sign_in_refused':
    'The directory source refused the sign-in: check the client secret, certificate, key, account or password given for it. Nothing was planned or changed.',
  'error.directory_source_failed.permission_missing':
    "The directory source needs a permission Lockdesk does not have: {permission}. Ask IT to grant it (with an administrator's consent), then try again. Nothing was planned or changed.",
  'error.directory_source_failed.throttled':
    'The directory source kept asking to wait (too many requests). Try again in a few minutes. Nothing was planned or changed.',
  'error.directory_source_failed.unreachable':
    "The directory source could not be reached (the network, the proxy, or the server's address). Nothing was planned or changed.",
  'error.directory_source_failed.certificate':
    "The directory server's certificate is not trusted by this computer. Ask IT to install the company's root certificate in the operating system. Nothing was planned or changed.",
  'error.directory_source_failed.not_found':
    'Where the people should be (the search base) does not exist in the directory. Check the base DN. Nothing was planned or changed.',
  'error.directory_source_failed.filter':
    'The directory does not understand the filter. Check its parentheses and attribute names. Nothing was planned or changed.',
  'error.directory_source_failed.too_large':
    'The directory source holds more than Lockdesk reads at once. Narrow it with a group, search base or filter. Nothing was planned or changed.',
  'error.directory_source_failed.unexpected':
    'The directory source answered something unexpected. Try again later; if it goes on, look at the log. Nothing was planned or changed.',
  'error.directory_source_failed.secret_missing':
    "This computer's keychain has no secret for this directory source. Remove the source and add it again. Nothing was planned or changed.",
  'error.directory_source_failed.sign_in_expired':
    'The sign-in to the directory is over (the code expired, or the kept sign-in is no longer valid). Sign in again: remove the source and add it again. Nothing was planned or changed.',
  'error.directory_source_failed.sign_in_declined':
    'The sign-in to the directory was declined. Nothing was added.',
  'error.insufficient_scope.unknown':
    'This connection lacks a permission (scope) it needs for this.',
  'error.insufficient_scope.howTo':
    'In the service’s web console, open Account settings → Access token, tick the scope for this application and save. Then sign in again and try again.',
  'error.invalid_params.noField': 'The service did not accept one of the values sent.',
  'error.validation.noField': 'One of the values is not valid.',
  'error.invalid_input.noField': 'One of the values is not accepted.',
  'error.field.validation': 'This value is not valid.',
  'error.field.invalid_input': 'This value is not accepted.',
  'error.field.invalid_params': 'The service did not accept this value.',
  'error.invitation_limit_exceeded.noLimit':
    'The organization has reached the service’s limit of active invitations. Wait until some are accepted or expire, then invite again.',
  'error.csv_too_large.noLimit':
    'The file is too large to read at once. Split it into smaller files and import them one after the other.',
  'error.csv_too_many_rows.noLimit':
    'The file has too many rows to read at once. Split it into smaller files and import them one after the other.',
  'error.service_other.noCode': 'The service refused the request without saying why.',
  'error.insecure_base_url.noAddress':
    'The service address cannot be used. Use an address starting with https:// (http:// only for a service on this computer).',
  'error.timeout.noAddress': 'The service did not answer in time.',
  'error.update_unreachable.noAddress':
    'The update server could not be reached; nothing was downloaded.',
  'error.transport.noAddress': 'The service could not be reached.',
  'error.transport.proxy':
    'The service at {address} could not be reached through the proxy {proxy}.',
  'error.timeout.proxyScript':
    'The proxy setup script {script} could not be used, so Lockdesk tried the service at {address} without a proxy, and it did not answer in time.',
  'error.transport.proxyScript':
    'The proxy setup script {script} could not be used, so Lockdesk tried the service at {address} without a proxy and could not reach it.',
  'error.answer_lost.noAddress':
    'The request reached the service, but its answer was lost, so whether the change was made is not known.',
  'error.tls_certificate.noHost':
    'The certificate of the service is not trusted by this computer, so Lockdesk did not connect.',
  'error.tls_certificate.unknown_issuer':
    'The certificate of {host} was issued by an authority this computer does not trust, so Lockdesk did not connect.',
  'error.tls_certificate.expired':
    'The certificate of {host} has expired (or this computer’s date is wrong), so Lockdesk did not connect.',
  'error.tls_certificate.not_yet_valid':
    'The certificate of {host} is not valid yet (or this computer’s date is wrong), so Lockdesk did not connect.',
  'error.tls_certificate.wrong_name':
    'The certificate presented for {host} is for another name, so Lockdesk did not connect.',
  'error.tls_certificate.revoked':
    'The certificate of {host} has been revoked, so Lockdesk did not connect.',
  'error.config_invalid.noPath':
    'The settings file cannot be read; Lockdesk left it unchanged. Fix or remove the file.',
  'error.config_invalid.cutShort':
    'The settings file {path} is cut short: it ends at line {line}, column {column}. Lockdesk left it unchanged. Fix or remove the file.',
  'error.config_invalid.notJson':
    'The settings file {path} is not valid JSON at line {line}, column {column}. Lockdesk left it unchanged. Fix or remove the file.',
  'error.config_invalid.wrongValue':
    'The settings file {path} has a value Lockdesk cannot use at line {line}, column {column}. Lockdesk left it unchanged. Fix or remove the file.',
  'error.config_invalid.wrongValueField':
    'The settings file {path} has a value Lockdesk cannot use in {field}, at line {line}, column {column}. Lockdesk left it unchanged. Fix or remove the file.',
  'error.wrong_api.noApi': 'This connection is registered for the other API.',
  'error.not_an_image.noName': 'The file is not an image. Use a JPEG, PNG, GIF, WebP or BMP file.',
  'error.image_too_large.noName':
    'The image has too many pixels (Lockdesk reads up to 16,384 pixels a side and 100 megapixels). Make it smaller in an image editor and try again.',
  'error.team_conflict.unknown':
    'Another administrator changed these settings after this screen read them. Your change was not saved; the settings shown now are theirs: make your change again.',
  'error.disk_full.noFolder':
    'The disk is full, so nothing was written. Free some space and try again.',
  'error.store_failed.archive':
    'The history archive on this computer ({path}) could not be read or written.',
  'error.store_failed.journal':
    'The activity journal on this computer ({path}) could not be read or written.',
  'error.store_failed.alerts':
    'The watcher’s alerts on this computer ({path}) could not be read or written.',
  'error.store_failed.deliveries':
    'The record of alert messages sent to the team ({path}) could not be read or written.',
  'error.store_failed.report_runs':
    'The record of scheduled reports written ({path}) could not be read or written.',
  'error.store_failed.offline_cache':
    'The lists kept for offline reading ({path}) could not be read or written.',
  'error.store_damaged.archive':
    'The history archive on this computer was damaged. It was kept as {movedTo}; the next history sync fills a new archive from the service.',
  'error.store_damaged.journal':
    'The activity journal on this computer was damaged. It was kept as {movedTo}, and a new journal was started; Activity can still show what can be read of the old one. Try again.',
  'error.store_damaged.alerts':
    'The watcher’s alerts on this computer were damaged. The file was kept as {movedTo}, and a new one was started: alerts raised before are not raised again, but mutes must be set again.',
  'error.store_damaged.deliveries':
    'The record of alert messages sent to the team was damaged. It was kept as {movedTo}, and a new one was started: nothing is sent twice, but messages still waiting to be sent were dropped.',
  'error.store_damaged.report_runs':
    'The record of scheduled reports written was damaged. It was kept as {movedTo}, and a new one was started: reports already in their folders are not written again.',
  'error.store_damaged.offline_cache':
    'The lists kept for offline reading were damaged. The file was kept as {movedTo}; the lists are kept again as they are read from the service.',
  'error.store_damaged.notMoved':
    'A file Lockdesk keeps on this computer ({path}) is damaged and could not be moved aside. Close the other Lockdesk programs (a scheduled lockctl too) and try again.',
  'error.unknown': 'Something went wrong: {message}',
} as const;

export type ErrorMessageKey = keyof typeof errorsEn;
