// English words of the invitation CSV templates (screens/invitations/TemplateDownload.svelte),
// merged into en.ts. Every key must exist in templates.ja.ts too (the type checks it).
export const templatesEn = {
  'invites.template.label': 'Download a template:',
  'invites.template.ja': 'Japanese headers',
  'invites.template.en': 'English headers',
  'invites.template.downloaded': 'Template downloaded.',
  'invites.template.savedTo': 'Template saved to {path}.',
} as const;

export type TemplatesMessageKey = keyof typeof templatesEn;
