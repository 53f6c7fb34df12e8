import { describe, expect, it } from 'vitest';
import * as v from '../src/lib/validate';

describe('lock name (same rule as the core: 50 characters, not bytes or UTF-16 units)', () => {
  it('accepts 50 kanji and refuses 51', () => {
    expect(v.lockName('鍵'.repeat(50))).toBeNull();
    expect(v.lockName('鍵'.repeat(51))).toEqual({
      key: 'validate.lockNameTooLong',
      params: { count: 51, max: 50 },
    });
  });
  it('counts an emoji outside the BMP as one character', () => {
    expect(v.charCount('🔒'.repeat(50))).toBe(50);
    expect(v.lockName('🔒'.repeat(50))).toBeNull();
  });
  it('refuses blank names', () => {
    expect(v.lockName('   ')?.key).toBe('validate.empty');
  });
});

describe('e-mail shape (as validate.rs)', () => {
  it('accepts plausible addresses', () => {
    expect(v.isMail('a@b.co')).toBe(true);
    expect(v.isMail('山田@例え.jp')).toBe(true);
  });
  it.each(['', 'a', 'a@b', '@b.co', 'a b@c.co', 'a@@b.co', 'a@.co', 'a@b.co.', 'a\t@b.co'])(
    'refuses %j',
    (bad) => expect(v.isMail(bad)).toBe(false),
  );
  it('refuses more than 254 bytes', () => {
    expect(v.isMail('a'.repeat(250) + '@b.co')).toBe(false);
  });
  it('a manager needs an e-mail address, a member does not', () => {
    expect(v.mailForAuthority('', 'manager')?.key).toBe('validate.managerNeedsMail');
    expect(v.mailForAuthority('', 'member')).toBeNull();
    expect(v.mailForAuthority('x', 'member')?.key).toBe('validate.mail');
  });
});

describe('list limit', () => {
  it('is 1..1000', () => {
    expect(v.limit(0)).not.toBeNull();
    expect(v.limit(1)).toBeNull();
    expect(v.limit(1000)).toBeNull();
    expect(v.limit(1001)).not.toBeNull();
    expect(v.limit(1.5)).not.toBeNull();
  });
});

describe('addresses of a connection', () => {
  it('service: https, or http on this computer only', () => {
    expect(v.serviceUrl('https://api.example.com')).toBeNull();
    expect(v.serviceUrl('http://127.0.0.1:8080')).toBeNull();
    expect(v.serviceUrl('http://localhost:1')).toBeNull();
    expect(v.serviceUrl('http://example.com')?.key).toBe('validate.url');
    expect(v.serviceUrl('nonsense')?.key).toBe('validate.url');
  });
  it('redirect: https only', () => {
    expect(v.redirectUri('https://app.example/cb')).toBeNull();
    expect(v.redirectUri('http://localhost/cb')?.key).toBe('validate.redirectHttps');
  });
});

describe('images', () => {
  it('by MIME type when known, else by extension', () => {
    expect(v.isImageFile('x.png', 'image/png')).toBe(true);
    expect(v.isImageFile('x.png', 'text/plain')).toBe(false);
    expect(v.isImageFile('photo.JPG', '')).toBe(true);
    expect(v.isImageFile('notes.txt', '')).toBe(false);
    expect(v.isImagePath('/home/a/door.webp')).toBe(true);
    expect(v.isImagePath('C:\\x\\doc.pdf')).toBe(false);
  });
});
