// The first-run path (connect → sign in → organization) and where a greyed item leads.
// Pure functions over what the session knows; the sidebar and the three setup screens use them.
import type { MessageKey } from './i18n/en';

export type SetupStep = 'connect' | 'sign-in' | 'organizations';
export const SETUP_STEPS: readonly SetupStep[] = ['connect', 'sign-in', 'organizations'];

export interface SetupState {
  profile: string | null;
  signedIn: boolean;
  org: string | null;
}

/** The first step not done yet, or null when the path is done (then the switcher shows). */
export function nextStep(s: SetupState): SetupStep | null {
  if (!s.profile) return 'connect';
  if (!s.signedIn) return 'sign-in';
  if (!s.org) return 'organizations';
  return null;
}

/** Whether `step` is done. */
export function stepDone(step: SetupStep, s: SetupState): boolean {
  const next = nextStep(s);
  return next === null || SETUP_STEPS.indexOf(step) < SETUP_STEPS.indexOf(next);
}

export type Need = 'none' | 'signIn' | 'org';

/** The step a screen needing `need` waits for, with the line saying why; null when it is open. */
export function blockedBy(need: Need, s: SetupState): { step: SetupStep; why: MessageKey } | null {
  if (need === 'none') return null;
  if (!s.profile) return { step: 'connect', why: 'setup.why.connect' };
  if (!s.signedIn) return { step: 'sign-in', why: 'setup.why.signIn' };
  if (need === 'org' && !s.org) return { step: 'organizations', why: 'setup.why.org' };
  return null;
}
