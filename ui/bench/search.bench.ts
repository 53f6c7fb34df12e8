// Searching a big office (20,000 people, 1,000 locks) as you type: the Users screen's search
// (`userPage`) and the command palette's (`search`), each keystroke of "佐藤 花子" and of an
// e-mail fragment. `npm run bench`.
import { bench, describe } from 'vitest';
import type { UserView } from '../src/lib/backend';
import { userPage } from '../src/lib/screens/users/users';
import { search, type Entry } from '../src/lib/palette';

const SURNAMES = ['佐藤', '鈴木', '高橋', '田中', '伊藤', '渡辺', '山本', '中村', '小林', '加藤'];
const GIVEN = ['太郎', '花子', '健一', '美咲', '翔太', '陽菜', '大輔', '彩', '拓也', '由美'];

function office(size: number): UserView[] {
  return Array.from({ length: size }, (_, i) => ({
    id: `U-${i.toString(16).padStart(8, '0')}`,
    name: `${SURNAMES[i % SURNAMES.length]} ${GIVEN[(i * 7) % GIVEN.length]}`,
    mail: i % 7 === 0 ? null : `person.${i}@example.com`,
    image_url: null,
    authority: 'member',
    code: i % 10 === 0 ? null : `E${i.toString().padStart(5, '0')}`,
    created_at: null,
    updated_at: null,
    nfc_cards: [],
  })) as unknown as UserView[];
}

/** Every prefix of `text`, as typed one key at a time. */
function keystrokes(text: string): string[] {
  return [...text].map((_, i) => [...text].slice(0, i + 1).join(''));
}

describe('Users search over 20,000 people, one keystroke', () => {
  const users = office(20_000);
  const typed = [...keystrokes('佐藤 花子'), ...keystrokes('person.1999')];
  let k = 0;
  // Warm: the list's fields are folded once, at the first search after it arrived.
  userPage(users, 'x', 0, 25);
  bench('a keystroke (the fields folded already)', () => {
    userPage(users, typed[k++ % typed.length], 0, 25);
  });
  bench('the first search after the list arrived (folds every field)', () => {
    userPage(office(20_000), '佐', 0, 25);
  });
  bench('making the 20,000 rows alone (what the line above includes besides the search)', () => {
    office(20_000);
  });
});

describe('command palette over 20,000 people and 1,000 locks, one keystroke', () => {
  const users = office(20_000);
  const entries: Entry[] = [
    ...Array.from({ length: 1_000 }, (_, i) => ({
      kind: 'lock' as const,
      id: `L-${i}`,
      label: `拠点${String(Math.floor(i / 50) + 1).padStart(2, '0')} ${Math.floor((i % 50) / 10) + 1}F 扉${String((i % 10) + 1).padStart(2, '0')}`,
      screen: 'locks' as const,
    })),
    ...users.map((u) => ({
      kind: 'user' as const,
      id: u.id,
      label: u.name,
      extra: [u.mail ?? '', u.code ?? ''].filter(Boolean),
      screen: 'users' as const,
    })),
  ];
  const typed = [...keystrokes('佐藤 花子'), ...keystrokes('person.1999')];
  let k = 0;
  search(entries, 'x');
  bench('a keystroke (the entries normalized already)', () => {
    search(entries, typed[k++ % typed.length]);
  });
});
