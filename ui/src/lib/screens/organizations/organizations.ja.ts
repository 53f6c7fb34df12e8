// Japanese words of the Organizations screen: the same keys as organizations.en.ts (the type checks
// it), merged into ja.ts.
import type { OrganizationsMessageKey } from './organizations.en';

export const organizationsJa: Record<OrganizationsMessageKey, string> = {
  'orgs.title': '組織',
  'orgs.lead': '作業する組織を選んでください。Lockdesk が記憶します。',
  'orgs.empty': 'このアカウントはどの組織にも所属していません。',
  'orgs.current': '選択中',
};
