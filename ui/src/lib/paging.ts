// One page of a list filtered in the window (Users, Locks, Invitations): which rows, and the
// numbers of "first–last of total".

/** Page sizes of the lists a big office has by the thousand (locks, invitations): a page of
 * 100 renders at once; the pager shows only past the first size. */
export const LONG_LIST_PAGE_SIZES = [100, 250, 1000] as const;

export interface Page<T> {
  rows: T[];
  /** 1-based number of the first and last row shown; 0 when none. */
  first: number;
  last: number;
  total: number;
  /** 0-based page shown (clamped to the pages there are). */
  page: number;
  pages: number;
}

/** Page `page` (0-based, clamped) of `size` rows of `all`. */
export function pageOf<T>(all: T[], page: number, size: number): Page<T> {
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
