// Starting or leaving the demo while a job runs: the core refuses (`jobs_running`), the screen
// asks, and only the user's yes sends the switch again with `cancel_jobs`.
import { describe, expect, it } from 'vitest';
import type { Backend, SessionStatusResponse } from '../src/lib/backend';
import { BackendError } from '../src/lib/backend/errors';
import { session, setBackend } from '../src/lib/state/session.svelte';
import { jobsRunning, leaveDemo, startDemo } from '../src/lib/state/actions';
import { route } from '../src/lib/state/router.svelte';
import { describeError } from '../src/lib/errors';

const status = (demo: boolean): SessionStatusResponse => ({
  active: null,
  history: null,
  demo,
  demo_base_url: null,
  demo_sim_token: null,
  unsaved_sign_ins: [],
});

// The demo account's two organizations, in the order the service lists them.
const ORGS = [
  { id: 'org-first', name: 'First office' },
  { id: 'org-second', name: 'Second office' },
];

function backendWithAJob(): { backend: Backend; sent: unknown[] } {
  const sent: unknown[] = [];
  const backend = {
    kind: 'http',
    async call(cmd: string, req: { cancel_jobs?: boolean; organization_id?: string }) {
      sent.push([cmd, req]);
      if (cmd === 'orgs_list') return { organizations: ORGS, chosen: null };
      if (cmd === 'orgs_choose') return ORGS.find((o) => o.id === req.organization_id);
      if (!req.cancel_jobs)
        throw new BackendError({
          code: 'jobs_running',
          category: 'conflict',
          message: 'a job is running',
          details: {} as never,
        });
      return status(cmd === 'session_start_demo');
    },
    onEvent: async () => () => undefined,
  } as unknown as Backend;
  return { backend, sent };
}

describe('switching the demo while a job runs', () => {
  it('is refused until the user agrees, then sent with cancel_jobs', async () => {
    const { backend, sent } = backendWithAJob();
    setBackend(backend);
    const refused = await startDemo().catch((e: unknown) => e);
    expect(jobsRunning(refused)).toBe(true);
    expect(session.demo).toBe(false);
    await startDemo(true);
    expect(session.demo).toBe(true);
    // Straight onto Today of the first organization, as a sign-in with one remembered.
    expect(session.org).toBe('org-first');
    expect(session.orgName).toBe('First office');
    expect(route.screen).toBe('today');
    await expect(leaveDemo()).rejects.toSatisfy(jobsRunning);
    await leaveDemo(true);
    expect(session.demo).toBe(false);
    expect(sent).toEqual([
      ['session_start_demo', { cancel_jobs: false }],
      ['session_start_demo', { cancel_jobs: true }],
      ['orgs_list', {}],
      ['orgs_choose', { organization_id: 'org-first' }],
      ['session_leave_demo', { cancel_jobs: false }],
      ['session_leave_demo', { cancel_jobs: true }],
    ]);
  });
  it('other errors are not a running job', () => {
    expect(jobsRunning(new Error('x'))).toBe(false);
  });
  it('the refusal has words of its own', () => {
    const err = new BackendError({
      code: 'jobs_running',
      category: 'conflict',
      message: '',
      details: {} as never,
    });
    expect(describeError(err).key).toBe('error.jobs_running');
  });
});
