import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { formatRecoveryCode, recoveryCodeOf, totpCodeOf } from '#contract/twofactor/codes.js';
import { RECOVERY_CODE_COUNT } from '#contract/twofactor/constants.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';

describe('recovery codes', () => {
  it('should make ten distinct codes of three groups of four, each with the SHA-256 of its canonical form', () => {
    const { codes, hashes } = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const [i, code] of codes.entries()) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}$/);
      const canonical = code.replace(/-/g, '');
      expect(hashes[i]).toBe(createHash('sha256').update(canonical).digest('hex'));
      expect(hashes[i]).not.toContain(canonical);
    }
    expect(newRecoveryCodes().codes).not.toEqual(codes);
  });

  it('should read a code typed in capitals, without dashes, with spaces or look-alike letters as the same code', () => {
    const [code] = newRecoveryCodes().codes;
    const canonical = code.replace(/-/g, '');
    for (const typed of [code, code.toUpperCase(), canonical, ` ${code.replace(/-/g, ' ')} `]) expect(recoveryCodeOf(typed)).toBe(canonical);
    expect(recoveryCodeOf('k7m2-x9qd-4tnb')).toBe('k7m2x9qd4tnb');
    expect(recoveryCodeOf('K7M2-X9QD-4TNB')).toBe('k7m2x9qd4tnb');
    // Crockford's look-alikes: i and l read as 1, o as 0.
    expect(recoveryCodeOf('i7m2-x9qd-4tno')).toBe('17m2x9qd4tn0');
    expect(hashRecoveryCode(recoveryCodeOf('K7M2 X9QD 4TNB')!)).toBe(hashRecoveryCode('k7m2x9qd4tnb'));
    expect(formatRecoveryCode('k7m2x9qd4tnb')).toBe('k7m2-x9qd-4tnb');
  });

  it('should tell recovery codes from authenticator codes, and refuse anything else', () => {
    expect(totpCodeOf('123456')).toBe('123456');
    expect(totpCodeOf('123 456')).toBe('123456');
    expect(recoveryCodeOf('123456')).toBeNull();
    for (const bad of ['12345', '1234567', 'abc123', 'k7m2-x9qd', 'k7m2-x9qd-4tnb-zzzz', 'k7m2-x9qd-4tnu', '']) {
      expect(totpCodeOf(bad)).toBeNull();
      expect(recoveryCodeOf(bad)).toBeNull();
    }
  });
});
