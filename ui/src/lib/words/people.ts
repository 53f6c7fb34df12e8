// Roles (the service's `authority`) and invitation states in words.
import type { AccountRole, InvitationState, UserRole } from '../backend';
import type { Tr } from './types';

/** A user's role; an undocumented value as "Other (…)". */
export function roleWords(role: UserRole, tr: Tr): string {
  switch (role.kind) {
    case 'super_manager':
      return tr('users.role.super_manager');
    case 'manager':
      return tr('users.role.manager');
    case 'member':
      return tr('users.role.member');
    case 'other':
      return tr('app.other', { value: role.value });
  }
}

/** The signed-in account's role as far as the app has learned it, or null when not yet known. */
export function accountRoleWords(role: AccountRole | null, tr: Tr): string | null {
  if (role === null) return null;
  return tr(role === 'super_manager' ? 'users.role.super_manager' : 'users.role.manager');
}

/** The role a user form starts with: a role that may be given, else member. */
export function inputRole(role: UserRole | null): 'manager' | 'member' {
  return role?.kind === 'manager' ? 'manager' : 'member';
}

export function invitationStateWords(s: InvitationState, tr: Tr): string {
  switch (s.kind) {
    case 'active':
      return tr('invites.status.active');
    case 'expired':
      return tr('invites.status.expired');
    case 'other':
      return tr('app.other', { value: s.value });
  }
}
