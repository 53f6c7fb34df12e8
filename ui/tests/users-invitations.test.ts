import { describe, expect, it } from 'vitest';
import { inviteErrorKey, isUserId } from '../src/lib/screens/users/inviteById';
import { problemText, resultText } from '../src/lib/screens/invitations/bulk';
import { issuedRange } from '../src/lib/screens/invitations/range';
import { toastText } from '../src/lib/state/toasts.svelte';
import { translate } from '../src/lib/i18n/index.svelte';
import type { InviteResult } from '../src/lib/backend';

describe('invite an existing user by id', () => {
  it('words the service codes', () => {
    expect(inviteErrorKey('user_not_found')).toBe('users.invite.notFound');
    expect(inviteErrorKey('not_allowed')).toBe('users.invite.notAllowed');
    expect(inviteErrorKey('validation')).toBe('users.invite.badId');
    expect(inviteErrorKey('transport')).toBeNull();
    expect(translate('ja', 'users.invite.notFound')).toContain('存在しません');
  });
  it('checks the id shape', () => {
    expect(isUserId('U-abcde-12345')).toBe(true);
    expect(isUserId(' U-abcde-12345 ')).toBe(true);
    expect(isUserId('U-abcd-12345')).toBe(false);
    expect(isUserId('UG-abcde-12345-xxxxx')).toBe(false);
  });
});

describe('bulk row problems', () => {
  it('words each code with its parameters, in both languages', () => {
    const bad = problemText({
      code: 'mail_invalid',
      column: 'mail',
      value: 'broken',
      first_line: null,
    })!;
    expect(translate('en', bad.key, bad.params)).toBe('“broken” is not an e-mail address');
    expect(translate('ja', bad.key, bad.params)).toBe('「broken」はメールアドレスではありません');
    const dup = problemText({
      code: 'duplicate_in_file',
      column: 'mail',
      value: 'a@b.co',
      first_line: 2,
    })!;
    expect(translate('ja', dup.key, dup.params)).toBe('2 行目と同じアドレスです');
    expect(
      problemText({ code: 'mail_missing', column: 'mail', value: null, first_line: null })!.key,
    ).toBe('bulk.problem.noMail');
    const auth = problemText({
      code: 'authority_invalid',
      column: 'authority',
      value: 'boss',
      first_line: null,
    })!;
    expect(translate('en', auth.key, auth.params)).toContain('boss');
    expect(problemText(null)).toBeNull();
  });
  it('results: the problem, else a known error code, else the message', () => {
    const r: InviteResult = {
      line: 3,
      mail: 'x@y.co',
      outcome: 'failed',
      code: 'exist_invitation',
      message: 'English text',
      problem: null,
      answer_lost: false,
    };
    const known = resultText(r);
    expect(known && 'key' in known && known.key).toBe('error.exist_invitation');
    // An unknown code is named as the service's own code, never the core's English message.
    expect(resultText({ ...r, code: 'something_new' })).toEqual({
      key: 'error.service_other',
      params: { service_code: 'something_new' },
    });
    expect(resultText({ ...r, code: null, message: null })).toBeNull();
  });
});

describe('a bulk row found at the service after a lost answer', () => {
  it('says so in both languages', () => {
    const r: InviteResult = {
      line: 4,
      mail: 'lost@example.org',
      outcome: 'invited',
      code: null,
      message: null,
      problem: null,
      answer_lost: true,
    };
    const text = resultText(r)!;
    expect(translate('en', text.key, text.params)).toMatch(/answer was lost.*found/);
    expect(translate('ja', text.key, text.params)).toMatch(/途絶え.*確認しました/);
    expect(resultText({ ...r, answer_lost: false })).toBeNull();
  });
});

describe('invitation issued range', () => {
  it('covers whole local days with the strict service filters', () => {
    expect(issuedRange('', '')).toEqual({});
    const r = issuedRange('2026-03-01', '2026-03-02');
    const start = new Date(2026, 2, 1).getTime();
    const end = new Date(2026, 2, 3).getTime();
    expect(new Date(r.issued_after!).getTime()).toBe(start - 1000);
    expect(new Date(r.issued_before!).getTime()).toBe(end);
    expect(issuedRange('2026-03-01', '')).not.toHaveProperty('issued_before');
  });
});

describe('toasts follow the language shown', () => {
  it('a key is worded when shown; text stays as is', () => {
    const msg = { key: 'users.saved' as const };
    expect(toastText(msg, (k, p) => translate('en', k, p))).toBe('User saved.');
    expect(toastText(msg, (k, p) => translate('ja', k, p))).not.toBe('User saved.');
    expect(toastText('as is', (k) => k)).toBe('as is');
  });
});
