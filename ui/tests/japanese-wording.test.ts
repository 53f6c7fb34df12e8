// Japanese as a Japanese administrator reads it: forms that read machine-translated or casual
// must not come back, in ja.ts and in every catalogue merged into it (i18n/*.ja.ts and each
// screen's screens/<screen>/*.ja.ts, also the ones added later: the files are found by name).
import { describe, expect, it } from 'vitest';
import { ja } from '../src/lib/i18n/ja';
import { en } from '../src/lib/i18n/en';

const catalogues = import.meta.glob<string>(['../src/lib/i18n/ja.ts', '../src/**/*.ja.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const files = Object.keys(catalogues).map((f) => f.replace('../src/lib/', ''));

/** The string literals of a catalogue file (comments left out). */
function literals(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((m) => m[1]);
}

/** [pattern, why]: none may appear in any Japanese text. */
const FORBIDDEN: [RegExp, string][] = [
  [/あなた/, '「あなた」: address no one; write このアカウント or leave the subject out'],
  [/役割/, '「役割」: the products say 権限'],
  [/～/, 'full-width tilde ～ (U+FF5E): ranges use the wave dash 〜 (U+301C)'],
  [/[–—]/, 'en/em dash: Japanese ranges use 〜 (月〜金, 2026/11/01〜2026/11/23)'],
  [/mm\/dd|dd\/mm|yyyy/i, 'date pattern: dates are shown as 2026/11/23'],
  [/勤怠表/, '「勤怠表」: a list whose hours are mostly empty is 入退室時刻一覧'],
  [/外す|外し|外れ/, '「外す」: write 削除 (グループから削除, 組織から削除)'],
  [/スマホ/, '「スマホ」 is casual: スマートフォン'],
  [/(だ|である)。?$/, 'plain form: business tone is です・ます'],
  [/[\u3040-\u30ff\u4e00-\u9fff]: /, 'half-width colon after Japanese text: use ：'],
];

describe('Japanese catalogues', () => {
  it('finds the catalogues', () => {
    expect(files).toContain('i18n/ja.ts');
    expect(files).toContain('i18n/errors.ja.ts');
    expect(files).toContain('screens/activity/activity.ja.ts');
  });

  for (const [path, text] of Object.entries(catalogues)) {
    it(`${path.replace('../src/lib/', '')}: no forbidden forms`, () => {
      const found: string[] = [];
      for (const s of literals(text))
        for (const [re, why] of FORBIDDEN) if (re.test(s)) found.push(`${why}: 「${s}」`);
      expect(found).toEqual([]);
    });
  }

  it('every merged Japanese message is free of them too', () => {
    const found: string[] = [];
    for (const [k, s] of Object.entries(ja))
      for (const [re, why] of FORBIDDEN) if (re.test(s)) found.push(`${k}: ${why}`);
    expect(found).toEqual([]);
  });

  it('the terms of Japanese access-control products', () => {
    // 錠一覧 as the title and menu item, never 「錠」 alone.
    expect(ja['locks.title']).toBe('錠一覧');
    expect(ja['nav.locks']).toBe('錠一覧');
    expect(ja['nav.history']).toBe('入退室履歴');
    expect(ja['history.locked']).toBe('施錠');
    expect(ja['history.unlocked']).toBe('解錠');
    for (const k of ['users.col.role', 'users.role', 'account.role', 'invites.col.role'] as const)
      expect(ja[k]).toBe('権限');
    expect(ja['archive.view.timecard']).toBe('入退室時刻一覧');
    expect(ja['groups.removeLocks']).toContain('グループから削除');
    expect(ja['users.removeConfirm']).toContain('組織から削除');
  });

  it('ranges use 〜 wherever English uses an en dash or a range', () => {
    for (const [k, v] of Object.entries(en)) {
      if (!/\{from\}.*\{to\}|\{start\}.*\{end\}|\{first\}.*\{last\}/.test(v)) continue;
      expect(ja[k as keyof typeof ja], k).toMatch(/〜/);
    }
  });

  it('sentences end in です・ます (or are labels)', () => {
    const plain: string[] = [];
    for (const [k, s] of Object.entries(ja))
      // A closing note in brackets （…） does not change how the sentence ends.
      if (/。$/.test(s) && !/(です|ます|ません|ください|でした|ました)(（[^（）]*）)?。$/.test(s))
        plain.push(`${k}: ${s}`);
    expect(plain).toEqual([]);
  });
});
