// English words of the Lock groups and User groups screens, merged into en.ts. Every key must exist
// in groups.ja.ts too (the type checks it).
export const groupsEn = {
  'groups.title': 'Lock groups',
  'groups.empty': 'No lock groups yet.',
  'groups.new': 'New lock group',
  'groups.name': 'Name',
  'groups.memo': 'Memo',
  'groups.locks': 'Locks in this group',
  'groups.noLocks': 'No locks in this group.',
  'groups.addLocks': 'Add locks',
  'groups.removeLocks': 'Remove selected',
  'groups.addSelected': 'Add selected ({n})',
  'groups.deleteConfirm': 'Delete the lock group “{name}”? The locks themselves stay.',
  'groups.removeConfirm': 'Remove {n} lock(s) from “{name}”?',
  'groups.pick': 'Choose a group to see its locks.',
  'groups.created': 'Lock group created.',
  'groups.deleted': 'Lock group deleted.',
  'groups.allIn': 'Every lock is already in this group.',

  'ugroups.title': 'User groups',
  'ugroups.empty': 'No user groups yet.',
  'ugroups.new': 'New user group',
  'ugroups.members': 'Members',
  'ugroups.noMembers': 'No members.',
  'ugroups.pick': 'Choose a group to see its members.',
  'ugroups.created': 'User group created.',
  'ugroups.saved': 'User group saved.',
} as const;

export type GroupsMessageKey = keyof typeof groupsEn;
