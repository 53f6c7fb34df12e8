// The banner of a renewed sign-in the keychain refused: the status fills it, "Save again"
// empties it only when the keychain took the sign-in, and its words exist in both languages.
import { describe, expect, it } from 'vitest';
import type { Backend, SessionStatusResponse } from '../src/lib/backend';
import { session, setBackend } from '../src/lib/state/session.svelte';
import { applyStatus, saveSignInsAgain } from '../src/lib/state/actions';
import { translate } from '../src/lib/i18n/index.svelte';

const status = (unsaved: string[]): SessionStatusResponse => ({
  active: null,
  history: null,
  demo: false,
  demo_base_url: null,
  demo_sim_token: null,
  unsaved_sign_ins: unsaved.map((profile) => ({ profile, reason: 'the keychain is locked' })),
});

/** A backend whose keychain refuses `refusals` times, then takes the sign-in. */
function backendRefusing(refusals: number): { backend: Backend; calls: string[] } {
  const calls: string[] = [];
  const backend = {
    kind: 'http',
    async call(cmd: string) {
      calls.push(cmd);
      if (cmd !== 'session_save_sign_ins') throw new Error(`unexpected ${cmd}`);
      return status(refusals-- > 0 ? ['office'] : []);
    },
    onEvent: async () => () => undefined,
  } as unknown as Backend;
  return { backend, calls };
}

describe('unsaved sign-ins', () => {
  it('come from the status and leave only when the keychain took them', async () => {
    applyStatus(status(['office']));
    expect(session.unsavedSignIns).toEqual(['office']);
    const { backend, calls } = backendRefusing(1);
    setBackend(backend);
    expect(await saveSignInsAgain()).toBe(false);
    expect(session.unsavedSignIns).toEqual(['office']);
    expect(await saveSignInsAgain()).toBe(true);
    expect(session.unsavedSignIns).toEqual([]);
    expect(calls).toEqual(['session_save_sign_ins', 'session_save_sign_ins']);
  });
  it('are told in both languages, naming the connection', () => {
    const en = translate('en', 'keychain.unsaved', { profiles: 'office' });
    const ja = translate('ja', 'keychain.unsaved', { profiles: 'office' });
    expect(en).toContain('office');
    expect(en).toContain('sign in again');
    expect(ja).toContain('office');
    expect(ja).toContain('キーチェーン');
    expect(translate('ja', 'keychain.saveAgain')).toBe('もう一度保存');
  });
});
