// The Users screen's list, filtered and paged in the window: the service searches only by exact
// code or e-mail and tells no total, so the screen loads the organization's users once and
// searches by name, e-mail, code or id as you type, with "1–25 of N".
import type { UserView } from '../../backend';

export const USER_PAGE_SIZES = [25, 50, 100] as const;
export const USER_PAGE_SIZE = 25;

/** Case- and width-insensitive text for matching ("ＳＡＴＯ" matches "sato"). */
export function fold(s: string): string {
  return s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Whether a user matches the search: the text is part of the name, e-mail, code or id
 * (spaces aside, so "佐藤花子" finds "佐藤 花子").
 */
export function userMatches(u: UserView, query: string): boolean {
  const q = fold(query);
  if (!q) return true;
  const tight = q.replace(/ /g, '');
  return [u.name, u.mail ?? '', u.code ?? '', u.id].some((field) => {
    const f = fold(field);
    return f.includes(q) || f.replace(/ /g, '').includes(tight);
  });
}

export interface UserPage {
  rows: UserView[];
  /** 1-based number of the first and last row shown; 0 when none. */
  first: number;
  last: number;
  total: number;
  /** 0-based page shown (clamped to the pages there are). */
  page: number;
  pages: number;
}

/** The matching users, one page of them, and the numbers of "first–last of total". */
export function userPage(users: UserView[], query: string, page: number, size: number): UserPage {
  const all = users.filter((u) => userMatches(u, query));
  const pages = Math.max(1, Math.ceil(all.length / size));
  const p = Math.min(Math.max(0, page), pages - 1);
  const rows = all.slice(p * size, p * size + size);
  return {
    rows,
    first: rows.length ? p * size + 1 : 0,
    last: p * size + rows.length,
    total: all.length,
    page: p,
    pages,
  };
}
