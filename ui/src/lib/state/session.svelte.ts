// What the whole app knows about the current connection: profile, sign-in, organization.
import type { Backend } from '../backend';

export const session = $state({
  /** The current connection profile's name. */
  profile: null as string | null,
  /** Whether the current profile is the built-in demo. */
  demo: false,
  /** v3 signed in (tokens present). */
  signedIn: false,
  /** The v2 (history) profile and whether it holds a token. */
  historyProfile: null as string | null,
  historySignedIn: false,
  /** v2 token expiry (ISO) when known; v2 tokens last two hours. */
  v2ExpiresAt: null as string | null,
  org: null as string | null,
  orgName: null as string | null,
  /** Connections whose renewed sign-in the keychain refused (used until the app closes). */
  unsavedSignIns: [] as string[],
  /** Scopes that the service refused during this session (shown on the Account screen). */
  refusedScopes: [] as string[],
});

let backendRef: Backend | null = null;

export function setBackend(b: Backend): void {
  backendRef = b;
}

export function backend(): Backend {
  if (!backendRef) throw new Error('backend not set');
  return backendRef;
}

export function noteRefusedScope(scope: string | null): void {
  const s = scope ?? '?';
  if (!session.refusedScopes.includes(s)) session.refusedScopes.push(s);
}
