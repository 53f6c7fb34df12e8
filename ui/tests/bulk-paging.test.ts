import { describe, expect, it } from 'vitest';
import {
  CSV_MAX_BYTES,
  encodingKey,
  pageOf,
  PREVIEW_PAGE_SIZE,
  rowHasProblem,
  tooLarge,
} from '../src/lib/screens/invitations/bulk';
import { codeText } from '../src/lib/errors';
import { translate } from '../src/lib/i18n/index.svelte';
import type { InviteResult, InviteRow } from '../src/lib/backend';

function row(line: number, status: InviteRow['status'] = 'ready'): InviteRow {
  return {
    line,
    mail: `p${line}@example.com`,
    authority: 'member',
    code: null,
    status,
    message: null,
    problem: null,
  };
}

describe('bulk preview paging', () => {
  const rows = Array.from({ length: 10_000 }, (_, i) => row(i + 2));

  it('draws 100 rows a page, with their range', () => {
    expect(PREVIEW_PAGE_SIZE).toBe(100);
    const first = pageOf(rows, 0);
    expect(first.rows.length).toBe(100);
    expect(first.rows[0].line).toBe(2);
    expect([first.from, first.to, first.total, first.pages]).toEqual([1, 100, 10_000, 100]);
    const p = pageOf(rows, 42);
    expect([p.from, p.to]).toEqual([4201, 4300]);
    expect(p.rows[0].line).toBe(4202);
  });

  it('clamps the page and handles a short last page and no rows', () => {
    const few = rows.slice(0, 250);
    const last = pageOf(few, 99);
    expect(last.page).toBe(2);
    expect([last.from, last.to, last.rows.length]).toEqual([201, 250, 50]);
    expect(pageOf(few, -3).page).toBe(0);
    expect(pageOf(few, NaN).page).toBe(0);
    const none = pageOf([], 5);
    expect([none.page, none.pages, none.from, none.to, none.total]).toEqual([0, 1, 0, 0, 0]);
  });

  it('the problem filter keeps refused rows and rows the run did not do', () => {
    expect(rowHasProblem(row(2, 'invalid'))).toBe(true);
    expect(rowHasProblem(row(2, 'duplicate'))).toBe(true);
    expect(rowHasProblem(row(2, 'ready'))).toBe(false);
    expect(rowHasProblem(row(2, 'already_user'))).toBe(false);
    const res = (outcome: InviteResult['outcome']): InviteResult => ({
      line: 2,
      mail: 'p2@example.com',
      outcome,
      code: null,
      message: null,
      problem: null,
      answer_lost: false,
    });
    expect(rowHasProblem(row(2), res('invited'))).toBe(false);
    expect(rowHasProblem(row(2), res('already_invited'))).toBe(false);
    expect(rowHasProblem(row(2), res('failed'))).toBe(true);
    expect(rowHasProblem(row(2), res('not_attempted'))).toBe(true);
  });
});

describe('bulk file limits and encodings in words', () => {
  it('a file over 5 MiB is refused before it is read', () => {
    expect(CSV_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(tooLarge(CSV_MAX_BYTES)).toBe(false);
    expect(tooLarge(CSV_MAX_BYTES + 1)).toBe(true);
  });

  it('states the limits in both languages', () => {
    const big = codeText('csv_too_large', { limit: CSV_MAX_BYTES });
    expect(translate('en', big.key, big.params)).toContain('larger than 5 MB');
    expect(translate('ja', big.key, big.params)).toContain('5 MB を超えているため');
    const many = codeText('csv_too_many_rows', { limit: 10_000 });
    expect(translate('en', many.key, many.params)).toContain('more than 10,000 rows');
    expect(translate('ja', many.key, many.params)).toContain('10,000 行を超えているため');
    expect(translate('ja', encodingKey('shift_jis'))).toBe('Shift_JIS（CP932）');
    expect(translate('en', encodingKey('utf16_le'))).toBe('UTF-16 (Unicode text)');
  });
});
