// Words and tallies for bulk-invitation rows and results.
import type {
  CsvEncoding,
  InviteOutcome,
  InviteProblem,
  InviteRow,
  InviteRowStatus,
  InviteResult,
} from '../../backend';
import { LIMITS } from '../../backend';
import type { MessageKey } from '../../i18n/en';
import { codeText, isErrorCode } from '../../errors';

export function rowStatusKey(s: InviteRowStatus): MessageKey {
  switch (s) {
    case 'ready':
      return 'invites.result.pending';
    case 'invalid':
      return 'invites.result.invalid';
    case 'duplicate':
      return 'bulk.problem.duplicate';
    case 'already_invited':
    case 'already_user':
      return 'invites.result.already';
  }
}

export function outcomeKey(o: InviteOutcome): MessageKey {
  switch (o) {
    case 'invited':
      return 'invites.result.sent';
    case 'already_invited':
    case 'already_user':
      return 'invites.result.already';
    case 'invalid':
      return 'invites.result.invalid';
    case 'duplicate':
      return 'bulk.problem.duplicate';
    case 'failed':
      return 'invites.result.failed';
    case 'limit_reached':
    case 'not_attempted':
      return 'invites.result.notSent';
  }
}

export function tally(results: InviteResult[]): { sent: number; skipped: number; failed: number } {
  let sent = 0;
  let skipped = 0;
  let failed = 0;
  for (const r of results) {
    if (r.outcome === 'invited') sent++;
    else if (r.outcome === 'already_invited' || r.outcome === 'already_user') skipped++;
    else if (r.outcome === 'failed' || r.outcome === 'limit_reached') failed++;
  }
  return { sent, skipped, failed };
}

export function isCsvFile(name: string, type: string): boolean {
  return /\.(csv|txt)$/i.test(name) || type === 'text/csv' || type === 'text/plain';
}

/** A row problem worded in the UI's language: a message key and its parameters. */
export interface ProblemText {
  key: MessageKey;
  params: Record<string, string | number>;
}

export function problemText(p: InviteProblem | null | undefined): ProblemText | null {
  if (!p) return null;
  switch (p.code) {
    case 'mail_missing':
      return { key: 'bulk.problem.noMail', params: {} };
    case 'mail_invalid':
      return p.value
        ? { key: 'bulk.problem.badMailValue', params: { value: p.value } }
        : { key: 'bulk.problem.badMail', params: {} };
    case 'authority_invalid':
      return p.value
        ? { key: 'bulk.problem.badAuthorityValue', params: { value: p.value } }
        : { key: 'bulk.problem.badAuthority', params: {} };
    case 'duplicate_in_file':
      return p.first_line != null
        ? { key: 'bulk.problem.duplicateOf', params: { line: p.first_line } }
        : { key: 'bulk.problem.duplicate', params: {} };
  }
}

/**
 * What to show under a result: the row's problem, else the service's error code worded by the
 * UI (an unknown code as the service's own code), never the core's English message.
 */
export function resultText(r: InviteResult): ProblemText | null {
  const p = problemText(r.problem);
  if (p) return p;
  if (r.answer_lost) return { key: 'bulk.result.answerLost', params: {} };
  if (isErrorCode(r.code)) return codeText(r.code);
  if (r.code) return codeText('service_other', { service_code: r.code });
  return null;
}

/**
 * The role column of a previewed row: the role in words, or — when the file's role is not one
 * (`authority_invalid`) — the cell as typed, marked as a problem (the core reads it as member).
 */
export function roleCell(r: InviteRow): {
  key: MessageKey;
  params: Record<string, string>;
  invalid: boolean;
} {
  if (r.problem?.code === 'authority_invalid')
    return r.problem.value
      ? { key: 'bulk.role.invalidValue', params: { value: r.problem.value }, invalid: true }
      : { key: 'bulk.role.invalid', params: {}, invalid: true };
  return {
    key: r.authority === 'manager' ? 'users.role.manager' : 'users.role.member',
    params: {},
    invalid: false,
  };
}

/**
 * The largest file sent to the core: the core's `MAX_CSV_BYTES` (generated into LIMITS), checked
 * here on the file's size before it is read, so a huge file is never loaded into the page.
 */
export const CSV_MAX_BYTES = LIMITS.csv_max_bytes;

/** The file's bytes are too many to send (`error.csv_too_large` words it, limit in MB). */
export function tooLarge(size: number): boolean {
  return size > CSV_MAX_BYTES;
}

export function encodingKey(e: CsvEncoding): MessageKey {
  return `bulk.encoding.${e}`;
}

/** Rows drawn at once in the preview. */
export const PREVIEW_PAGE_SIZE = 100;

/** A row that needs the person's attention: refused before sending, or not done by the run. */
export function rowHasProblem(r: InviteRow, res?: InviteResult): boolean {
  if (res) return !['invited', 'already_invited', 'already_user'].includes(res.outcome);
  return r.status === 'invalid' || r.status === 'duplicate';
}

/** One page of rows: `from`–`to` (1-based, inclusive; 0–0 when there are none) of `total`. */
export interface RowPage<T> {
  rows: T[];
  /** 0-based, clamped to the pages there are. */
  page: number;
  pages: number;
  from: number;
  to: number;
  total: number;
}

export function pageOf<T>(rows: readonly T[], page: number, size = PREVIEW_PAGE_SIZE): RowPage<T> {
  const total = rows.length;
  const pages = Math.max(1, Math.ceil(total / size));
  const p = Math.min(Math.max(0, Math.floor(Number.isFinite(page) ? page : 0)), pages - 1);
  const start = p * size;
  const slice = rows.slice(start, start + size);
  return {
    rows: slice,
    page: p,
    pages,
    from: slice.length ? start + 1 : 0,
    to: start + slice.length,
    total,
  };
}
