// English words of the Organizations screen, merged into en.ts. Every key must exist in
// organizations.ja.ts too (the type checks it).
export const organizationsEn = {
  'orgs.title': 'Organizations',
  'orgs.lead': 'Pick the organization to work on. Lockdesk remembers it.',
  'orgs.empty': 'Your account belongs to no organization.',
  'orgs.current': 'Current',
} as const;

export type OrganizationsMessageKey = keyof typeof organizationsEn;
