// The invitation CSV templates offered for download: headers the importer knows, the Japanese
// one with a byte-order mark for Japanese Excel (lockdesk-core's tests/it/bulk_files.rs runs the
// same files through the importer).
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../src/lib/screens/invitations/templates';

describe('invitation templates', () => {
  it('Japanese: UTF-8 with BOM, Japanese headers and role words, CRLF', () => {
    const c = TEMPLATES.ja.content;
    expect(c.charCodeAt(0)).toBe(0xfeff);
    const lines = c.slice(1).split('\r\n');
    expect(lines[0]).toBe('メールアドレス,権限,ユーザーコード');
    expect(lines[1].split(',')[1]).toBe('マネージャー');
    expect(lines[2].split(',')[1]).toBe('メンバー');
    expect(TEMPLATES.ja.fileName.endsWith('.csv')).toBe(true);
  });
  it('English: plain headers, no BOM needed (ASCII only)', () => {
    const c = TEMPLATES.en.content;
    expect(c.split('\r\n')[0]).toBe('mail,authority,code');
    expect(/^[\x20-\x7e\r\n]*$/.test(c)).toBe(true);
  });
});
