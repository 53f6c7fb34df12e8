// App-wide actions on the session: status, demo, profiles, organization.
import type { SessionStatusResponse } from '../backend';
import { BackendError } from '../backend/errors';
import { go, route } from './router.svelte';
import { backend, session } from './session.svelte';

export function applyStatus(st: SessionStatusResponse): void {
  session.profile = st.active?.name ?? null;
  session.signedIn = st.active?.signed_in ?? false;
  session.demo = st.demo;
  if (session.org !== (st.active?.organization_id ?? null)) session.orgName = null;
  session.org = st.active?.organization_id ?? null;
  session.historyProfile = st.history?.name ?? null;
  session.historySignedIn = st.history?.signed_in ?? false;
  session.v2ExpiresAt = st.history?.expires_at ?? null;
  session.unsavedSignIns = st.unsaved_sign_ins.map((u) => u.profile);
}

/** How often the status is read again while the app is open: a renewal the keychain refuses
 * happens during any request, and the banner must appear without the user doing anything. */
export const STATUS_POLL_MS = 60_000;

/** "Save again": whether the keychain took every refused sign-in this time. */
export async function saveSignInsAgain(): Promise<boolean> {
  const st = await backend().call('session_save_sign_ins', {});
  applyStatus(st);
  return st.unsaved_sign_ins.length === 0;
}

export async function refreshStatus(): Promise<SessionStatusResponse> {
  const st = await backend().call('session_status', {});
  applyStatus(st);
  return st;
}

/** On start: learn the session; send a returning user straight to their work. */
export async function restoreSession(): Promise<void> {
  try {
    await refreshStatus();
  } catch {
    return;
  }
  if (route.screen === 'connect' && !location.hash && session.signedIn)
    go(session.org ? 'today' : 'organizations');
}

/** Starting or leaving the demo was refused because a job runs: the user is asked, then the
 * switch is sent again with `cancelJobs`. */
export function jobsRunning(e: unknown): boolean {
  return e instanceof BackendError && e.code === 'jobs_running';
}

/** The demo opens where a returning user with a remembered organization lands: on Today of the
 * first demo organization (the switcher offers the other). Without an organization to choose,
 * or if the list cannot be read, the organization list explains why. */
export async function startDemo(cancelJobs = false): Promise<void> {
  const st = await backend().call('session_start_demo', { cancel_jobs: cancelJobs });
  applyStatus(st);
  const list = await backend()
    .call('orgs_list', {})
    .catch(() => null);
  const first =
    list?.organizations.find((o) => o.id === list.chosen) ?? list?.organizations[0] ?? null;
  if (!first) return go('organizations');
  try {
    await chooseOrganization(first.id, first.name);
  } catch {
    return go('organizations');
  }
  go('today');
}

/** Back to the user's own connections; the demo's sandbox is deleted. */
export async function leaveDemo(cancelJobs = false): Promise<void> {
  applyStatus(await backend().call('session_leave_demo', { cancel_jobs: cancelJobs }));
  session.orgName = null;
  go('connect');
}

export async function useProfile(name: string): Promise<void> {
  applyStatus(await backend().call('profiles_use', { profile: name }));
}

export async function chooseOrganization(id: string, name: string | null): Promise<void> {
  const org = await backend().call('orgs_choose', { organization_id: id });
  session.org = org.id;
  session.orgName = org.name ?? name;
}
