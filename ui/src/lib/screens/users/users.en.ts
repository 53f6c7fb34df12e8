// English words of the Users screen: the list, its search and count, registering, editing and
// removing a user, adding one by id, merged into en.ts. Every key must exist in users.ja.ts too
// (the type checks it).
export const usersEn = {
  'users.title': 'Users',
  'users.empty': 'No users.',
  'users.noMatch': 'No user matches.',
  'users.col.name': 'Name',
  'users.col.mail': 'E-mail',
  'users.col.role': 'Role',
  'users.col.code': 'Code',
  'users.col.created': 'Created',
  'users.col.updated': 'Updated',
  'users.new': 'Register a user',
  'users.inviteById': 'Add an existing user by id',
  'users.name': 'Name',
  'users.mail': 'E-mail',
  'users.code': 'User code',
  'users.role': 'Role',
  'users.userId': 'User id',
  'users.role.manager': 'Manager',
  'users.role.member': 'Member',
  'users.role.super_manager': 'Super manager',
  'users.roleRefused':
    'Only a super manager can change roles, and a manager cannot change another manager.',
  'users.roleLocked':
    'Only a super manager can change roles. This account is a manager (the service refused a change earlier), so the role stays as it is.',
  'users.managerTarget':
    'The service does not let a manager edit another manager: saving will likely be refused.',
  'users.saved': 'User saved.',
  'users.registered': 'User registered.',
  'users.inviteLead':
    'Someone who already has an account of the service joins this organization by their user id.',
  'users.inviteSubmit': 'Add to the organization',
  'users.invited': '{id} was added to the organization.',
  'users.invite.notFound':
    'No user with this id exists in the service. Check the id (U-xxxxx-xxxxx).',
  'users.invite.notAllowed':
    'This user cannot be added: they already belong to the organization, or the service does not allow it for your account.',
  'users.invite.badId': 'A user id looks like U-xxxxx-xxxxx.',

  'users.export': 'Export CSV',
  'users.exportedTo': 'Saved to {path}.',
  'users.group': 'User group',
  'users.group.every': 'Every group',
  'users.search': 'Search by name, e-mail or code',
  'users.range': '{first}–{last} of {total}',
  'users.detail': 'User details',
  'users.cards': 'IC cards',
  'users.noCards': 'None',
  'users.remove': 'Remove from the organization',
  'users.removeConfirm':
    '{name} loses access to every door now: they are removed from this organization, with their role in it.',
  'users.removeOk': 'Remove {name}',
  'users.removed': '{name} was removed from the organization.',
} as const;

export type UsersMessageKey = keyof typeof usersEn;
