// What to tell the user about a backend error, decided by its code (never by its message text).
import { BackendError } from './backend/errors';
import { en, type MessageKey } from './i18n/en';

export type ErrorAction = 'sign-in' | 'sign-in-v2' | 'retry' | null;

export interface ErrorView {
  key: MessageKey | null;
  params: Record<string, string | number>;
  /** Second line: how to fix it. */
  howTo: MessageKey | null;
  action: ErrorAction;
  /** The core's own message, shown when no key explains the code. */
  fallback: string;
}

/** The scope a refused call needed, when the core says (details.scope or details.required_scope). */
export function missingScope(err: BackendError): string | null {
  const d = err.details ?? {};
  const s = d.scope ?? d.required_scope ?? d.missing_scope;
  return typeof s === 'string' ? s : null;
}

/** The field a validation error belongs to (details.field), if any. */
export function errorField(err: unknown): string | null {
  if (!(err instanceof BackendError)) return null;
  const f = err.details?.field;
  return typeof f === 'string' ? f : null;
}

export const VALIDATION_CODES = ['validation', 'invalid_input', 'invalid_params'];
export const SIGN_IN_CODES = [
  'not_signed_in',
  'invalid_token',
  'session_expired',
  'client_secret_missing',
];

export function describeError(err: BackendError): ErrorView {
  const code = err.code;
  const base: ErrorView = {
    key: null,
    params: {},
    howTo: null,
    action: null,
    fallback: err.message,
  };
  if (code === 'insufficient_scope') {
    const scope = missingScope(err);
    return {
      ...base,
      key: scope ? 'error.insufficient_scope' : 'error.insufficient_scope.unknown',
      params: scope ? { scope } : {},
      howTo: 'error.insufficient_scope.howTo',
      action: 'retry',
    };
  }
  if (SIGN_IN_CODES.includes(code)) {
    const key = (`error.${code}` in en ? `error.${code}` : 'error.not_signed_in') as MessageKey;
    return { ...base, key, action: 'sign-in' };
  }
  if (code === 'v2_session_expired' || code === 'v2_not_signed_in') {
    return { ...base, key: 'error.v2_session_expired', action: 'sign-in-v2' };
  }
  if (code === 'transport')
    return { ...base, key: 'error.transport', params: { message: err.message }, action: 'retry' };
  const key = `error.${code}`;
  if (key in en) return { ...base, key: key as MessageKey };
  return { ...base, action: 'retry' };
}
