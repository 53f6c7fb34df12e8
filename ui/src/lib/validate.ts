// The same request rules as the core (crates/lockdesk-api/src/validate.rs), checked as the user
// types; the limits are the core's own constants, generated into LIMITS.
import { LIMITS } from './backend';
import type { MessageKey } from './i18n/en';

export const LOCK_NAME_MAX_CHARS = LIMITS.lock_name_max_chars;
export const LIST_LIMIT_MAX = LIMITS.list_limit_max;
export const MAIL_MAX_BYTES = LIMITS.mail_max_bytes;

/** A problem to show at a field: an i18n key and its parameters. `null` when the value is fine. */
export type Problem = { key: MessageKey; params?: Record<string, string | number> } | null;

/** Characters as the core counts them (Unicode scalar values), not UTF-16 units or bytes. */
export function charCount(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export function lockName(name: string): Problem {
  if (name.trim() === '') return { key: 'validate.empty' };
  const count = charCount(name);
  if (count > LOCK_NAME_MAX_CHARS)
    return { key: 'validate.lockNameTooLong', params: { count, max: LOCK_NAME_MAX_CHARS } };
  return null;
}

/**
 * A whole number typed in a field, within `[lo, hi]`; else the problem to show. Worded as the
 * Watch rules' numbers (`watch.invalid.*`), which the journal's keep-days field shares.
 */
export function wholeNumber(text: string, [lo, hi]: readonly [number, number]): Problem {
  const s = text.trim();
  if (s === '') return { key: 'watch.invalid.empty' };
  if (!/^[0-9]+$/.test(s) || Number(s) < lo || Number(s) > hi)
    return { key: 'watch.invalid.range', params: { min: lo, max: hi } };
  return null;
}

export function limit(value: number): Problem {
  if (!Number.isInteger(value) || value < 1 || value > LIST_LIMIT_MAX)
    return { key: 'validate.limit', params: { max: LIST_LIMIT_MAX } };
  return null;
}

const CONTROL_OR_SPACE = /[\s\p{Cc}]/u;

export function isMail(mail: string): boolean {
  const at = mail.indexOf('@');
  if (at < 0) return false;
  const local = mail.slice(0, at);
  const domain = mail.slice(at + 1);
  return (
    local.length > 0 &&
    !domain.includes('@') &&
    domain.includes('.') &&
    !domain.startsWith('.') &&
    !domain.endsWith('.') &&
    !CONTROL_OR_SPACE.test(mail) &&
    new TextEncoder().encode(mail).length <= MAIL_MAX_BYTES
  );
}

export function mail(value: string, required = true): Problem {
  if (value === '') return required ? { key: 'validate.mailRequired' } : null;
  return isMail(value) ? null : { key: 'validate.mail' };
}

export function nonEmpty(value: string): Problem {
  return value.trim() === '' ? { key: 'validate.empty' } : null;
}

export type Authority = 'manager' | 'member';

/** A manager needs an e-mail address (register new user, invite by e-mail). */
export function mailForAuthority(value: string, authority: Authority): Problem {
  if (authority === 'manager' && value.trim() === '') return { key: 'validate.managerNeedsMail' };
  return mail(value, false);
}

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const IMAGE_EXT = /\.(png|jpe?g|gif|webp)$/i;

/** Is this dropped file an image we can send? By MIME type when known, else by extension. */
export function isImageFile(name: string, type: string): boolean {
  if (type) return IMAGE_TYPES.includes(type.toLowerCase());
  return IMAGE_EXT.test(name);
}

export function isImagePath(path: string): boolean {
  return IMAGE_EXT.test(path);
}

const LOOPBACK = ['127.0.0.1', 'localhost', '[::1]'];

/** Service address: https, or http for this computer only (as `ServiceUrl` in the core). */
export function serviceUrl(value: string): Problem {
  if (value.trim() === '') return { key: 'validate.empty' };
  try {
    const u = new URL(value);
    if (u.protocol === 'https:') return null;
    if (u.protocol === 'http:' && LOOPBACK.includes(u.hostname)) return null;
  } catch {
    /* fall through */
  }
  return { key: 'validate.url' };
}

export function redirectUri(value: string): Problem {
  if (value.trim() === '') return { key: 'validate.empty' };
  try {
    if (new URL(value).protocol === 'https:') return null;
  } catch {
    /* fall through */
  }
  return { key: 'validate.redirectHttps' };
}
