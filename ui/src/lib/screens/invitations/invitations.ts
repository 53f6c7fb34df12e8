// The invitation list as an administrator reads it: waiting invitations first, newest first,
// with the time left before each expires, and which expired ones can be sent again.
import type { InvitationView, Role } from '../../backend';

const time = (s: string | null) => {
  const t = s ? new Date(s).getTime() : NaN;
  return Number.isNaN(t) ? -Infinity : t;
};

/** Whether an invitation still waits for the invitee (by its state, else by its expiry). */
export function isWaiting(i: InvitationView, now = Date.now()): boolean {
  if (i.status?.kind === 'active')
    return time(i.expires_at) === -Infinity || time(i.expires_at) > now;
  if (i.status?.kind === 'expired') return false;
  return i.status === null && time(i.expires_at) > now;
}

/** Whether an invitation has expired (by its state or by its expiry). */
export function isExpired(i: InvitationView, now = Date.now()): boolean {
  if (i.status?.kind === 'expired') return true;
  const e = time(i.expires_at);
  return (i.status === null || i.status.kind === 'active') && e !== -Infinity && e <= now;
}

/** Waiting first, then the rest; within each, the newest issued first (then by id). */
export function sortInvitations(list: InvitationView[], now = Date.now()): InvitationView[] {
  return [...list].sort((a, b) => {
    const w = Number(isWaiting(b, now)) - Number(isWaiting(a, now));
    if (w !== 0) return w;
    const d = time(b.issued_at) - time(a.issued_at);
    if (d !== 0 && !Number.isNaN(d)) return d;
    return a.id.localeCompare(b.id);
  });
}

/** Time until expiry, or since it (negative), in whole units: what the "Expires in" column says. */
export type ExpiresIn =
  | { kind: 'none' }
  | { kind: 'in'; unit: 'minutes' | 'hours' | 'days'; n: number }
  | { kind: 'ago'; unit: 'minutes' | 'hours' | 'days'; n: number };

export function expiresIn(expiresAt: string | null, now = Date.now()): ExpiresIn {
  const e = time(expiresAt);
  if (e === -Infinity) return { kind: 'none' };
  const ms = e - now;
  const abs = Math.abs(ms);
  const minutes = Math.floor(abs / 60_000);
  const hours = Math.floor(abs / 3_600_000);
  const days = Math.floor(abs / 86_400_000);
  const span =
    days >= 1
      ? { unit: 'days' as const, n: days }
      : hours >= 1
        ? { unit: 'hours' as const, n: hours }
        : { unit: 'minutes' as const, n: Math.max(minutes, ms > 0 ? 1 : 0) };
  return ms > 0 ? { kind: 'in', ...span } : { kind: 'ago', ...span };
}

/**
 * The request that sends an expired invitation again, or null when it cannot or need not be:
 * still waiting, address hidden, or another invitation to the address is waiting already.
 */
export function inviteAgainRequest(
  i: InvitationView,
  all: InvitationView[] = [],
  now = Date.now(),
): { mail: string; authority: Role; code?: string } | null {
  if (!isExpired(i, now) || !i.mail || i.mail_masked) return null;
  if (all.some((o) => o.id !== i.id && o.mail === i.mail && isWaiting(o, now))) return null;
  const authority: Role = i.authority?.kind === 'manager' ? 'manager' : 'member';
  return { mail: i.mail, authority, ...(i.code ? { code: i.code } : {}) };
}
