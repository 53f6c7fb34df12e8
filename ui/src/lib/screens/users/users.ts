// The Users screen's list, filtered and paged in the window: the service searches only by exact
// code or e-mail and tells no total, so the screen loads the organization's users once and
// searches by name, e-mail, code or id as you type, with "1–25 of N".
import type { UserView } from '../../backend';
import { pageOf, type Page } from '../../paging';

export const USER_PAGE_SIZES = [25, 50, 100] as const;
export const USER_PAGE_SIZE = 25;

/** Case- and width-insensitive text for matching ("ＳＡＴＯ" matches "sato"). */
export function fold(s: string): string {
  // Control characters go too: they cannot be typed, and one joins a user's fields below.
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim();
}

/**
 * A user's searchable fields, folded once for every later search: joined by a character no
 * typed text holds (so no match spans two fields), as typed and without spaces.
 */
const folded = new WeakMap<UserView, [string, string]>();

function foldedFields(u: UserView): [string, string] {
  let fields = folded.get(u);
  if (!fields) {
    const f = [u.name, u.mail ?? '', u.code ?? '', u.id].map(fold);
    fields = [f.join('\u0000'), f.map((x) => x.replace(/ /g, '')).join('\u0000')];
    folded.set(u, fields);
  }
  return fields;
}

/**
 * Folds every user's fields ahead of the first search, a slice at a time while the window is
 * idle (20,000 people take about 100 ms): the first keystroke then costs what the others do.
 * Returns a function that stops it.
 */
export function prepareSearch(users: UserView[]): () => void {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slice = () => {
    const end = Math.min(users.length, next + 2_000);
    for (; next < end; next++) foldedFields(users[next]);
    if (next < users.length) timer = setTimeout(slice, 0);
  };
  timer = setTimeout(slice, 0);
  return () => clearTimeout(timer);
}

/**
 * Whether a user matches the search: the text is part of the name, e-mail, code or id
 * (spaces aside, so "佐藤花子" finds "佐藤 花子").
 */
export function userMatches(u: UserView, query: string): boolean {
  return matchesFolded(u, fold(query));
}

function matchesFolded(u: UserView, q: string): boolean {
  if (!q) return true;
  const tight = q.replace(/ /g, '');
  const [loose, tightFields] = foldedFields(u);
  return loose.includes(q) || tightFields.includes(tight);
}

export type UserPage = Page<UserView>;

/** The users the list shows, in its order: matching the search and, with `members`, in it (the
 * people of the user group chosen). */
export function usersShown(
  users: UserView[],
  query: string,
  members: ReadonlySet<string> | null = null,
): UserView[] {
  const q = fold(query);
  if (!q && !members) return users;
  return users.filter((u) => (!members || members.has(u.id)) && matchesFolded(u, q));
}

/** The users shown, one page of them, and the numbers of "first–last of total". */
export function userPage(
  users: UserView[],
  query: string,
  page: number,
  size: number,
  members: ReadonlySet<string> | null = null,
): UserPage {
  return pageOf(usersShown(users, query, members), page, size);
}
