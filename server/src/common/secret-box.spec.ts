import { describe, expect, it } from '@jest/globals';
import { SecretBox } from './secret-box.js';

const SERVER_SECRET = 'k'.repeat(40);

describe(SecretBox.name, () => {
  const box = new SecretBox(SERVER_SECRET, 'two-factor-secret');

  it('should open what it sealed, for the same context, and never hold the plain text', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user:1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'user:1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('should seal the same text differently each time (a fresh IV)', () => {
    expect(box.seal('same', 'user:1')).not.toBe(box.seal('same', 'user:1'));
  });

  it("should not open another context's value (a secret copied onto another account)", () => {
    expect(box.open(box.seal('secret', 'user:1'), 'user:2')).toBeNull();
  });

  it('should not open under another server secret or another purpose', () => {
    const sealed = box.seal('secret', 'user:1');
    expect(new SecretBox('z'.repeat(40), 'two-factor-secret').open(sealed, 'user:1')).toBeNull();
    expect(new SecretBox(SERVER_SECRET, 'another-purpose').open(sealed, 'user:1')).toBeNull();
    expect(new SecretBox(SERVER_SECRET, 'two-factor-secret').open(sealed, 'user:1')).toBe('secret');
  });

  it('should refuse a changed, cut or foreign value instead of throwing', () => {
    const sealed = box.seal('secret', 'user:1');
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    raw[raw.length - 1] ^= 1;
    for (const bad of [`v1.${raw.toString('base64url')}`, sealed.slice(0, 20), `v2.${sealed.slice(3)}`, 'v1.', 'nonsense', `${sealed}.x`]) {
      expect(box.open(bad, 'user:1')).toBeNull();
    }
  });
});
