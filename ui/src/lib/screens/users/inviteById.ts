// Adding an existing user by id (InviteById.svelte): the service's refusals in words and the id's
// shape, checked before sending.
import type { MessageKey } from '../../i18n/en';
import type { Authority } from '../../validate';

/** What to say when adding an existing user by id fails, by the service's code. */
export function inviteErrorKey(code: string): MessageKey | null {
  switch (code) {
    case 'user_not_found':
      return 'users.invite.notFound';
    case 'not_allowed':
      return 'users.invite.notAllowed';
    case 'validation':
    case 'invalid_input':
      return 'users.invite.badId';
    default:
      return null;
  }
}

/** The shape of a user id (`U-xxxxx-xxxxx`), checked before sending. */
export function isUserId(s: string): boolean {
  return /^U-[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/.test(s.trim());
}

export interface InviteInput {
  user_id: string;
  authority: Authority;
  code: string;
}
