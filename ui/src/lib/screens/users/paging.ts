// Server-side paging of users: the service pages with `limit` + `id_after`, so going back
// means remembering the cursor each page was fetched with.
import type { MessageKey } from '../../i18n/en';
import type { Authority } from '../../validate';

export const PAGE_SIZES = [25, 50, 100, 250, 1000] as const;
export const DEFAULT_PAGE_SIZE = 25;

export interface Cursors {
  /** `id_after` of every page up to the current one; the first page has none. */
  stack: (string | null)[];
}

export function firstPage(): Cursors {
  return { stack: [null] };
}

/** The `id_after` of the page shown now. */
export function current(c: Cursors): string | null {
  return c.stack[c.stack.length - 1] ?? null;
}

/** 1-based number of the page shown now. */
export function pageNumber(c: Cursors): number {
  return c.stack.length;
}

export function next(c: Cursors, nextIdAfter: string | null): Cursors {
  return nextIdAfter ? { stack: [...c.stack, nextIdAfter] } : c;
}

export function previous(c: Cursors): Cursors {
  return c.stack.length > 1 ? { stack: c.stack.slice(0, -1) } : c;
}

/** A valid page size for the service (1 to 1,000), else the default. */
export function pageSize(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1000 ? n : DEFAULT_PAGE_SIZE;
}

/** The request of one page. */
export function listRequest(
  c: Cursors,
  limit: number,
  search: { code: string; mail: string },
): { limit: number; with_dates: true; id_after?: string; code?: string; mail?: string } {
  const after = current(c);
  return {
    limit,
    with_dates: true,
    ...(after ? { id_after: after } : {}),
    ...(search.code ? { code: search.code } : {}),
    ...(search.mail ? { mail: search.mail } : {}),
  };
}

/** What to say when adding an existing user by id fails, by the service's code. */
export function inviteErrorKey(code: string): MessageKey | null {
  switch (code) {
    case 'user_not_found':
      return 'users.invite.notFound';
    case 'not_allowed':
      return 'users.invite.notAllowed';
    case 'validation':
    case 'invalid_input':
      return 'users.invite.badId';
    default:
      return null;
  }
}

/** The shape of a user id (`U-xxxxx-xxxxx`), checked before sending. */
export function isUserId(s: string): boolean {
  return /^U-[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(s.trim());
}

export interface InviteInput {
  user_id: string;
  authority: Authority;
  code: string;
}
