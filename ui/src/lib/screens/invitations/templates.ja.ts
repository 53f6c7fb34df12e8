// Japanese words of the invitation CSV templates: the same keys as templates.en.ts (the type
// checks it), merged into ja.ts.
import type { TemplatesMessageKey } from './templates.en';

export const templatesJa: Record<TemplatesMessageKey, string> = {
  'invites.template.label': 'テンプレートをダウンロード：',
  'invites.template.ja': '日本語の見出し',
  'invites.template.en': '英語の見出し',
  'invites.template.downloaded': 'テンプレートをダウンロードしました。',
  'invites.template.savedTo': 'テンプレートを {path} に保存しました。',
};
