// The first-run path and where a greyed item leads.
import { describe, expect, it } from 'vitest';
import { BackendError } from '../src/lib/backend/errors';
import { describeError, errorTone } from '../src/lib/errors';
import { blockedBy, nextStep, stepDone } from '../src/lib/setup';
import { translate } from '../src/lib/i18n/index.svelte';

const none = { profile: null, signedIn: false, org: null };
const connected = { profile: 'acme', signedIn: false, org: null };
const signedIn = { profile: 'acme', signedIn: true, org: null };
const ready = { profile: 'acme', signedIn: true, org: 'O-1' };

describe('first-run path', () => {
  it('goes connect → sign in → organization, then is done', () => {
    expect(nextStep(none)).toBe('connect');
    expect(nextStep(connected)).toBe('sign-in');
    expect(nextStep(signedIn)).toBe('organizations');
    expect(nextStep(ready)).toBeNull();
  });
  it('ticks the steps before the next one', () => {
    expect(stepDone('connect', signedIn)).toBe(true);
    expect(stepDone('sign-in', signedIn)).toBe(true);
    expect(stepDone('organizations', signedIn)).toBe(false);
    expect(stepDone('connect', none)).toBe(false);
  });
});

describe('greyed items', () => {
  it('lead to the step they need, with the line saying why', () => {
    expect(blockedBy('org', none)).toEqual({ step: 'connect', why: 'setup.why.connect' });
    expect(blockedBy('org', connected)).toEqual({ step: 'sign-in', why: 'setup.why.signIn' });
    expect(blockedBy('org', signedIn)).toEqual({ step: 'organizations', why: 'setup.why.org' });
    expect(blockedBy('signIn', signedIn)).toBeNull();
    expect(blockedBy('org', ready)).toBeNull();
    expect(blockedBy('none', none)).toBeNull();
    const ja = translate('ja', 'setup.why.org', { screen: translate('ja', 'nav.locks') });
    expect(ja).toContain('組織を選択してください');
    expect(ja).not.toContain('あなた');
  });
});

describe('a cancelled sign-in', () => {
  it('is a neutral note with no advice or button; other problems stay errors', () => {
    const cancelled = new BackendError({
      code: 'sign_in_cancelled',
      category: 'cancelled',
      message: '',
      details: {},
    });
    expect(errorTone(cancelled)).toBe('neutral');
    const v = describeError(cancelled);
    expect(v.howTo).toBeNull();
    expect(v.action).toBeNull();
    expect(translate('en', v.key)).toBe(
      'The sign-in was cancelled before it finished. Nothing changed.',
    );
    const refused = new BackendError({
      code: 'state_mismatch',
      category: 'sign_in_again',
      message: '',
      details: {},
    });
    expect(errorTone(refused)).toBe('error');
  });
});
