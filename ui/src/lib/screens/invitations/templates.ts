// The invitation CSV templates offered on the bulk-invite screen, one per language. The files
// are the ones lockdesk-core's importer is tested with (tests/it/bulk_files.rs): English headers
// (mail, authority, code), or Japanese ones (メールアドレス, 権限, ユーザーコード) in UTF-8 with a
// byte-order mark, so that Japanese Excel opens it as UTF-8 rather than Shift_JIS.
import en from './templates/invitations-en.csv?raw';
import ja from './templates/invitations-ja.csv?raw';
import type { Locale } from '../../i18n/index.svelte';

export type Template = { fileName: string; content: string };

export const TEMPLATES: Record<Locale, Template> = {
  en: { fileName: 'invitations-template.csv', content: en },
  ja: { fileName: '招待テンプレート.csv', content: ja },
};
