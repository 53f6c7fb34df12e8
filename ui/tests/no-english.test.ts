// Field errors, job errors, image problems and bulk rows are worded from codes and data: the
// core's English `message` never reaches the screen, in either language.
import { describe, expect, it } from 'vitest';
import { BackendError, type ErrorCategory, type ErrorCode } from '../src/lib/backend/errors';
import type { ErrorPayload, InviteRow } from '../src/lib/backend';
import { fieldErrorText, payloadText } from '../src/lib/errors';
import { roleCell, resultText } from '../src/lib/screens/invitations/bulk';
import { translate } from '../src/lib/i18n/index.svelte';

const ENGLISH = 'the core’s English message';
const err = (code: ErrorCode, category: ErrorCategory, details: ErrorPayload['details'] = {}) =>
  new BackendError({ code, category, message: ENGLISH, details });
const both = (v: {
  key: Parameters<typeof translate>[1];
  params?: Record<string, string | number>;
}) => (['en', 'ja'] as const).map((l) => translate(l, v.key, v.params ?? {}));

describe('field errors', () => {
  it('word a refused value for the place next to its field', () => {
    const [en, ja] = both(fieldErrorText(err('validation', 'bad_input', { field: 'user_mail' })));
    expect(en).toBe('This value is not valid.');
    expect(ja).toBe('この値は正しくありません。');
    for (const code of ['invalid_input', 'invalid_params'] as const) {
      const [e, j] = both(fieldErrorText(err(code, 'bad_input', { field: 'name' })));
      expect(e).toMatch(/this value/i);
      expect(j).toContain('この値');
      // The internal field name is not shown: the field's label is right above.
      expect(e + j).not.toContain('name');
    }
  });
  it('word other codes from the code and details, never the message', () => {
    const [en, ja] = both(
      fieldErrorText(err('invitation_limit_exceeded', 'limit', { field: 'mail', limit: 500 })),
    );
    expect(en).toContain('500');
    expect(ja).toContain('500');
    expect(ja).toMatch(/[\u3040-\u30ff]/);
    expect(en + ja).not.toContain(ENGLISH);
  });
});

describe('job and image errors', () => {
  it('word a payload by its code and details', () => {
    const p: ErrorPayload = {
      code: 'archive_schema_too_new',
      category: 'local_file',
      message: ENGLISH,
      details: {},
    };
    const [en, ja] = both(payloadText(p));
    expect(en).not.toContain(ENGLISH);
    expect(ja).not.toContain(ENGLISH);
    expect(ja).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(
      payloadText({ ...p, code: 'transport', details: { base_url: 'https://x.test' } }),
    ).toEqual({ key: 'error.transport', params: { address: 'https://x.test' } });
  });
  it('names an unknown code by itself and a missing error as internal', () => {
    expect(payloadText({ code: 'brand_new', details: {} })).toEqual({
      key: 'error.unknown',
      params: { message: 'brand_new' },
    });
    expect(payloadText(null).key).toBe('error.internal');
    expect(payloadText(undefined).key).toBe('error.internal');
  });
  it('the sync notice wraps the worded reason in the language shown', () => {
    const reason = payloadText({ code: 'archive_db', details: {} });
    const ja = translate('ja', 'archive.syncFailed', { message: translate('ja', reason.key) });
    expect(ja).toContain('同期が止まりました');
    expect(ja).not.toMatch(/[A-Za-z]{4,}/);
  });
});

describe('bulk invitation rows', () => {
  const row = (over: Partial<InviteRow>): InviteRow => ({
    line: 4,
    mail: 'a@example.com',
    authority: 'member',
    code: null,
    status: 'ready',
    problem: null,
    message: null,
    ...over,
  });
  it('show a role that is not one as typed, marked, not as member', () => {
    const bad = roleCell(
      row({
        status: 'invalid',
        problem: {
          code: 'authority_invalid',
          column: 'authority',
          value: 'boss',
          first_line: null,
        },
      }),
    );
    expect(bad.invalid).toBe(true);
    const [en, ja] = both(bad);
    expect(en).toBe('“boss” (not a role)');
    expect(ja).toBe('「boss」（無効な権限）');
    expect(ja).not.toContain(translate('ja', 'users.role.member'));
    const blank = roleCell(
      row({
        status: 'invalid',
        problem: { code: 'authority_invalid', column: 'authority', value: null, first_line: null },
      }),
    );
    expect(blank.invalid).toBe(true);
    expect(both(blank)[1]).toBe('（無効な権限）');
  });
  it('show a valid role in words, whatever other problem the row has', () => {
    expect(both(roleCell(row({ authority: 'manager' })))).toEqual([
      translate('en', 'users.role.manager'),
      translate('ja', 'users.role.manager'),
    ]);
    const badMail = roleCell(
      row({
        status: 'invalid',
        problem: { code: 'mail_invalid', column: 'mail', value: 'x', first_line: null },
      }),
    );
    expect(badMail).toEqual({ key: 'users.role.member', params: {}, invalid: false });
  });
  it('never fall back to the core’s message under a result', () => {
    const r = {
      line: 2,
      mail: 'a@example.com',
      outcome: 'failed' as const,
      code: null,
      message: ENGLISH,
      problem: null,
      answer_lost: false,
    };
    expect(resultText(r)).toBeNull();
    const [, ja] = both(resultText({ ...r, code: 'E_NEW' })!);
    expect(ja).toContain('E_NEW');
    expect(ja).not.toContain(ENGLISH);
  });
});

describe('bulk invitation progress', () => {
  it('is worded from the job’s numbers in both languages', () => {
    const p = { done: 3, total: 10, sent: 2 };
    expect(translate('en', 'invites.bulkRunning', p)).toBe('Inviting… 3 of 10, 2 sent');
    expect(translate('ja', 'invites.bulkRunning', p)).toBe('招待中… 3 / 10（送信 2 件）');
  });
});
