// What to tell the user about a backend error, decided by its code and category (never by its
// message text). The switches are exhaustive: a new or renamed code or category in Rust fails
// `npm run check` here until it is worded.
import {
  BackendError,
  type ErrorCategory,
  type ErrorCode,
  type ErrorDetails,
} from './backend/errors';
import { errorCodesEn } from './i18n/errors.en';
import type { MessageKey } from './i18n/en';
import { formatBytes } from './format';

/** The button under the message: sign in (again), pick an organization, open Connections. */
export type ErrorAction = 'sign-in' | 'sign-in-v2' | 'organizations' | 'connect' | 'proxy' | null;

export interface ErrorView {
  /** What happened (for some codes also what to do). */
  key: MessageKey;
  params: Record<string, string | number>;
  /** Second line: what to do. */
  howTo: MessageKey | null;
  action: ErrorAction;
}

/** A message key and its parameters. */
export interface CodeText {
  key: MessageKey;
  params: Record<string, string | number>;
}

/** Every code the backend can answer (the keys of the per-code messages, checked by type). */
export const ERROR_CODES: readonly ErrorCode[] = Object.keys(errorCodesEn).map(
  (k) => k.slice('error.'.length) as ErrorCode,
);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (ERROR_CODES as readonly string[]).includes(code);
}

/** The scope a refused call needed (details.scope), if the service said. */
export function missingScope(err: BackendError): string | null {
  return err.details.scope ?? null;
}

/** The field a refused value belongs to (details.field), if any. */
export function errorField(err: unknown): string | null {
  if (!(err instanceof BackendError)) return null;
  return err.details.field ?? null;
}

/** Whether the error is about a value the person gave (show it next to the form). */
export function isBadInput(err: unknown): err is BackendError {
  return err instanceof BackendError && err.category === 'bad_input';
}

/** `2026-11-28 09:15` in this computer's time (the same in both languages). */
function localMinute(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** `key` with `{name}` filled, or `without` when the details lack the value. */
function withParam(
  key: MessageKey,
  without: MessageKey,
  name: string,
  value: string | number | null | undefined,
): CodeText {
  return value === null || value === undefined || value === ''
    ? { key: without, params: {} }
    : { key, params: { [name]: value } };
}

/** A settings file that cannot be used: which file, where in it (line and column from 1) and
 * what is wrong there (cut short, not JSON, a value Lockdesk cannot use, and in which field). */
function configText(details: ErrorDetails): CodeText {
  const { path, line, column, field } = details;
  if (!path) return { key: 'error.config_invalid.noPath', params: {} };
  if (line == null || column == null) return { key: 'error.config_invalid', params: { path } };
  const at = { path, line, column };
  switch (details.config_problem) {
    case 'cut_short':
      return { key: 'error.config_invalid.cutShort', params: at };
    case 'not_json':
      return { key: 'error.config_invalid.notJson', params: at };
    case 'wrong_value':
      return field
        ? { key: 'error.config_invalid.wrongValueField', params: { ...at, field } }
        : { key: 'error.config_invalid.wrongValue', params: at };
    case 'unreadable':
    case undefined:
      return { key: 'error.config_invalid', params: { path } };
  }
}

/** What happened, in words: the message of `code`, filled from `details`. */
export function codeText(code: ErrorCode, details: ErrorDetails = {}): CodeText {
  const plain = (key: MessageKey): CodeText => ({ key, params: {} });
  switch (code) {
    case 'insufficient_scope':
      return withParam(`error.${code}`, 'error.insufficient_scope.unknown', 'scope', details.scope);
    case 'transport':
      // The proxy setup script that could not be used, or the proxy the connection went through.
      if (details.proxy_script && details.base_url)
        return {
          key: 'error.transport.proxyScript',
          params: { script: details.proxy_script, address: details.base_url },
        };
      if (details.proxy && details.base_url)
        return {
          key: 'error.transport.proxy',
          params: { proxy: details.proxy, address: details.base_url },
        };
      return withParam(`error.${code}`, 'error.transport.noAddress', 'address', details.base_url);
    case 'timeout':
      // Gone straight because the proxy setup script could not be used: the script is the lead.
      if (details.proxy_script && details.base_url)
        return {
          key: 'error.timeout.proxyScript',
          params: { script: details.proxy_script, address: details.base_url },
        };
      return withParam(`error.${code}`, 'error.timeout.noAddress', 'address', details.base_url);
    case 'answer_lost':
      return withParam(`error.${code}`, 'error.answer_lost.noAddress', 'address', details.base_url);
    case 'insecure_base_url':
      return withParam(
        `error.${code}`,
        'error.insecure_base_url.noAddress',
        'address',
        details.base_url,
      );
    case 'tls_certificate':
      return certificateText(details);
    case 'directory_source_failed':
      // Why, in the UI's words; a missing permission by its name.
      if (details.source_failure === 'permission_missing' && details.scope)
        return {
          key: 'error.directory_source_failed.permission_missing',
          params: { permission: details.scope },
        };
      return details.source_failure && details.source_failure !== 'permission_missing'
        ? plain(`error.directory_source_failed.${details.source_failure}`)
        : plain('error.directory_source_failed');
    case 'disk_full':
      return details.path
        ? {
            key: 'error.disk_full',
            params: { folder: details.path, needed: formatBytes(details.needed_bytes ?? 0) },
          }
        : plain('error.disk_full.noFolder');
    case 'store_failed':
      if (details.store && details.path)
        return { key: `error.store_failed.${details.store}`, params: { path: details.path } };
      return { key: `error.${code}`, params: { path: details.path ?? '' } };
    case 'store_damaged':
      if (!details.moved_to)
        return { key: 'error.store_damaged.notMoved', params: { path: details.path ?? '' } };
      if (details.store)
        return {
          key: `error.store_damaged.${details.store}`,
          params: { movedTo: details.moved_to },
        };
      return {
        key: `error.${code}`,
        params: { path: details.path ?? '', movedTo: details.moved_to },
      };
    case 'proxy_auth_required':
      return withParam(
        details.proxy_login_refused ? 'error.proxy_auth_required.refused' : `error.${code}`,
        'error.proxy_auth_required.noProxy',
        'proxy',
        details.proxy,
      );
    case 'validation':
      return withParam(`error.${code}`, 'error.validation.noField', 'field', details.field);
    case 'invalid_input':
      return withParam(`error.${code}`, 'error.invalid_input.noField', 'field', details.field);
    case 'invalid_params':
      return withParam(`error.${code}`, 'error.invalid_params.noField', 'field', details.field);
    case 'invitation_limit_exceeded':
      return withParam(
        `error.${code}`,
        'error.invitation_limit_exceeded.noLimit',
        'limit',
        details.limit,
      );
    case 'csv_too_large':
      // details.limit is in bytes; the message says megabytes (5 MiB reads as 5 MB).
      return withParam(
        `error.${code}`,
        'error.csv_too_large.noLimit',
        'limit',
        details.limit == null ? null : Math.floor(details.limit / (1024 * 1024)),
      );
    case 'csv_too_many_rows':
      return withParam(
        `error.${code}`,
        'error.csv_too_many_rows.noLimit',
        'limit',
        details.limit == null ? null : details.limit.toLocaleString('en-US'),
      );
    case 'service_other':
      return withParam(
        `error.${code}`,
        'error.service_other.noCode',
        'service_code',
        details.service_code,
      );
    case 'config_invalid':
      return configText(details);
    case 'wrong_api':
      return withParam(`error.${code}`, 'error.wrong_api.noApi', 'api', details.api);
    case 'not_an_image':
      return withParam(`error.${code}`, 'error.not_an_image.noName', 'name', details.file_name);
    case 'image_too_large':
      return withParam(`error.${code}`, 'error.image_too_large.noName', 'name', details.file_name);
    case 'cached_only':
    case 'not_cached':
    case 'unsupported_grant_type':
    case 'invalid_grant':
    case 'invalid_client':
    case 'invalid_request':
    case 'registered_mail':
    case 'exist_invitation':
    case 'invalid_token':
    case 'insufficient_authority':
    case 'not_in_organization':
    case 'not_allowed':
    case 'organization_not_found':
    case 'lock_not_found':
    case 'lock_group_not_found':
    case 'user_not_found':
    case 'user_group_not_found':
    case 'rate_limit_exceeded':
    case 'state_mismatch':
    case 'authorization_failed':
    case 'v2_session_expired':
    case 'not_signed_in':
    case 'renewal_interrupted':
    case 'token_store':
    case 'decode':
    case 'cancelled':
    case 'keychain_unavailable':
    case 'keychain_error':
    case 'config_write_failed':
    case 'config_dir_unknown':
    case 'profile_not_found':
    case 'profile_exists':
    case 'client_secret_missing':
    case 'secret_bound_elsewhere':
    case 'organization_required':
    case 'no_organization':
    case 'demo_failed':
    case 'file_unreadable':
    case 'file_unwritable':
    case 'image_unavailable':
    case 'answer_too_large':
    case 'too_many_pages':
    case 'job_not_found':
    case 'jobs_running':
    case 'no_pending_sign_in':
    case 'csv_invalid':
    case 'csv_encoding':
    case 'archive_db':
    case 'archive_open_failed':
    case 'archive_schema_too_new':
    case 'data_dir_unknown':
    case 'export_failed':
    case 'sync_running':
    case 'renewal_busy':
    case 'unknown_command':
    case 'invalid_arguments':
    case 'internal':
    case 'dialog_failed':
    case 'window_failed':
    case 'sign_in_cancelled':
    case 'usage':
    case 'profile_required':
    case 'no_profile':
    case 'output_failed':
    case 'import_incomplete':
    case 'destination_not_found':
    case 'destination_exists':
    case 'webhook_refused':
    case 'webhook_unavailable':
    case 'webhook_answer_lost':
    case 'delivery_interrupted':
    case 'webhook_secret_missing':
    case 'mail_password_bound_elsewhere':
    case 'update_refused':
    case 'update_failed':
    case 'mail_refused':
    case 'mail_auth_failed':
    case 'mail_unavailable':
    case 'mail_starttls_missing':
    case 'team_address_invalid':
    case 'team_unreachable':
    case 'team_sign_in_refused':
    case 'team_schema_too_new':
    case 'team_database':
    case 'team_password_missing':
    case 'team_shared_unreachable':
      return plain(`error.${code}`);
    case 'team_conflict':
      return details.changed_by && details.changed_at
        ? {
            key: 'error.team_conflict',
            params: {
              user: details.changed_by_user ?? '',
              computer: details.changed_by,
              at: localMinute(details.changed_at),
            },
          }
        : plain('error.team_conflict.unknown');
    case 'update_unreachable':
      return withParam(
        `error.${code}`,
        'error.update_unreachable.noAddress',
        'address',
        details.base_url,
      );
    default:
      return unknownCode(code);
  }
}

/** A refused certificate: which host, and what was wrong with its certificate. */
function certificateText(details: ErrorDetails): CodeText {
  const host = details.host;
  if (!host) return { key: 'error.tls_certificate.noHost', params: {} };
  const key = ((): MessageKey => {
    const problem = details.tls_problem ?? 'other';
    switch (problem) {
      case 'unknown_issuer':
        return 'error.tls_certificate.unknown_issuer';
      case 'expired':
        return 'error.tls_certificate.expired';
      case 'not_yet_valid':
        return 'error.tls_certificate.not_yet_valid';
      case 'wrong_name':
        return 'error.tls_certificate.wrong_name';
      case 'revoked':
        return 'error.tls_certificate.revoked';
      case 'other':
        return 'error.tls_certificate';
      default:
        return unknownProblem(problem);
    }
  })();
  return { key, params: { host } };
}

function unknownProblem(_problem: never): MessageKey {
  return 'error.tls_certificate';
}

/** Reached only for a code this UI does not know (an older or newer backend). */
function unknownCode(code: never): CodeText {
  return { key: 'error.unknown', params: { message: String(code) } };
}

/** What to do and which button to offer, by category. */
export function categoryAdvice(category: ErrorCategory): {
  howTo: MessageKey | null;
  action: ErrorAction;
} {
  switch (category) {
    case 'sign_in_again':
      return { howTo: 'error.howTo.sign_in_again', action: 'sign-in' };
    case 'sign_in_again_history':
      return { howTo: 'error.howTo.sign_in_again_history', action: 'sign-in-v2' };
    case 'missing_scope':
      return { howTo: 'error.insufficient_scope.howTo', action: null };
    case 'refused_by_role':
      return { howTo: 'error.howTo.refused_by_role', action: null };
    case 'organization':
      return { howTo: 'error.howTo.organization', action: 'organizations' };
    case 'bad_input':
      return { howTo: 'error.howTo.bad_input', action: null };
    case 'not_found':
      return { howTo: 'error.howTo.not_found', action: null };
    case 'busy':
      return { howTo: 'error.howTo.busy', action: null };
    case 'service_unreachable':
      return { howTo: 'error.howTo.service_unreachable', action: null };
    case 'outcome_unknown':
      return { howTo: 'error.howTo.outcome_unknown', action: null };
    case 'certificate':
      return { howTo: 'error.howTo.certificate', action: null };
    case 'service_error':
      return { howTo: 'error.howTo.service_error', action: null };
    case 'connection':
      return { howTo: 'error.howTo.connection', action: 'connect' };
    case 'keychain':
      return { howTo: 'error.howTo.keychain', action: null };
    case 'proxy_login':
      return { howTo: 'error.howTo.proxy_login', action: 'proxy' };
    case 'local_file':
      return { howTo: 'error.howTo.local_file', action: null };
    case 'internal':
      return { howTo: 'error.howTo.internal', action: null };
    case 'conflict':
    case 'limit':
    case 'cancelled':
      return { howTo: null, action: null };
    default:
      return unknownCategory(category);
  }
}

function unknownCategory(_category: never): { howTo: MessageKey | null; action: ErrorAction } {
  return { howTo: 'error.howTo.internal', action: null };
}

/** What an error payload (e.g. a job's `error`) says, from its code and details only. */
export function payloadText(
  p: { code: string; details?: ErrorDetails } | null | undefined,
): CodeText {
  if (!p) return { key: 'error.internal', params: {} };
  if (!isErrorCode(p.code)) return { key: 'error.unknown', params: { message: p.code } };
  return codeText(p.code, p.details ?? {});
}

/**
 * A refused value, worded for the place next to its field (which names the field already):
 * "This value is not valid." rather than the field's internal name; other codes as `payloadText`.
 */
export function fieldErrorText(err: BackendError): CodeText {
  switch (err.code) {
    case 'validation':
    case 'invalid_input':
    case 'invalid_params':
      return { key: `error.field.${err.code}`, params: {} };
    default:
      return payloadText(err);
  }
}

/** Through a proxy, or past a setup script that failed: the proxy or the script is what to
 * check (with IT), not this computer's network or the connection's address. */
function routeAdvice(err: BackendError): MessageKey | null {
  if (err.code !== 'transport' && err.code !== 'timeout') return null;
  if (err.details.proxy_script) return 'error.howTo.proxy_script';
  if (err.code === 'timeout') return null;
  if (err.details.proxy) return 'error.howTo.proxy';
  return null;
}

/** The whole notice: what happened, what to do, the button. */
export function describeError(err: BackendError): ErrorView {
  if (!isErrorCode(err.code))
    return {
      key: 'error.unknown',
      params: { message: err.code },
      howTo: null,
      action: null,
    };
  const text = codeText(err.code, err.details);
  const advice = categoryAdvice(err.category);
  // Messages that already say what to do need no second line.
  const selfContained: readonly ErrorCode[] = [
    'no_organization',
    'csv_invalid',
    'csv_encoding',
    'csv_too_large',
    'csv_too_many_rows',
    'not_an_image',
    'config_invalid',
    'config_dir_unknown',
    'data_dir_unknown',
    'client_secret_missing',
    'secret_bound_elsewhere',
    'profile_exists',
    'no_profile',
    'archive_schema_too_new',
    'invitation_limit_exceeded',
  ];
  // A chat or mail destination (Watch, team chat): the message says what happens or what to
  // do; the advice and button of its category would point at Lockdesk's own connection, which is
  // not at fault.
  const chatService: readonly ErrorCode[] = [
    'webhook_refused',
    'webhook_unavailable',
    'webhook_answer_lost',
    'delivery_interrupted',
    'webhook_secret_missing',
    'mail_password_bound_elsewhere',
  ];
  const own = chatService.includes(err.code);
  const howTo = own || selfContained.includes(err.code) ? null : (routeAdvice(err) ?? advice.howTo);
  const action = own || err.code === 'no_organization' ? null : advice.action;
  return { ...text, howTo, action };
}

/** How a notice looks: a step the person undid themselves (a closed sign-in window, a cancelled
 * job) is a neutral note, everything else an error. */
export function errorTone(err: BackendError): 'neutral' | 'error' {
  return err.category === 'cancelled' ? 'neutral' : 'error';
}
