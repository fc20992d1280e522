import { describe, expect, it } from '@jest/globals';
import { TOTP as OtpTotp, Secret, URI } from 'otpauth';
import { matchingStep, newTotpSecret, otpauthUri, qrSvg, totpCodeAt, totpStep } from './totp.js';

// RFC 6238's SHA-1 test key ("12345678901234567890") in base32, and its published 8-digit codes,
// whose last 6 digits are the 6-digit codes.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_CODES: [number, string][] = [
  [59, '287082'],
  [1_111_111_109, '081804'],
  [1_234_567_890, '005924'],
  [2_000_000_000, '279037'],
];

describe('totp', () => {
  it("should make RFC 6238's codes (SHA-1, 6 digits, 30 s)", () => {
    for (const [seconds, code] of RFC_CODES) expect(totpCodeAt(RFC_SECRET, totpStep(seconds * 1000))).toBe(code);
  });

  it('should accept the code of the step at now and one step either side, and answer its step', () => {
    const now = 1_234_567_890_000;
    const step = totpStep(now);
    expect(matchingStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step), now)).toBe(step);
    expect(matchingStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step - 1), now)).toBe(step - 1);
    expect(matchingStep(RFC_SECRET, totpCodeAt(RFC_SECRET, step + 1), now)).toBe(step + 1);
  });

  it('should refuse codes two steps away, wrong codes and codes of another secret', () => {
    const now = 1_234_567_890_000;
    const step = totpStep(now);
    const codes = new Set([step - 1, step, step + 1].map((s) => totpCodeAt(RFC_SECRET, s)));
    for (const far of [step - 2, step + 2]) {
      const code = totpCodeAt(RFC_SECRET, far);
      if (!codes.has(code)) expect(matchingStep(RFC_SECRET, code, now)).toBeNull();
    }
    const wrong = ['000000', '123456', '999999'].find((c) => !codes.has(c))!;
    expect(matchingStep(RFC_SECRET, wrong, now)).toBeNull();
    const other = newTotpSecret();
    const foreign = totpCodeAt(other, step);
    if (!codes.has(foreign)) expect(matchingStep(RFC_SECRET, foreign, now)).toBeNull();
  });

  it('should make 160-bit base32 secrets, a new one each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(Secret.fromBase32(secret).bytes).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('should write an otpauth address an authenticator reads back to the same settings and codes', () => {
    const secret = newTotpSecret();
    const uri = otpauthUri(secret, 'ada_l', 'ScreamStage');
    expect(uri).toMatch(/^otpauth:\/\/totp\/ScreamStage:ada_l\?/);
    const read = URI.parse(uri);
    expect(read).toBeInstanceOf(OtpTotp);
    expect(read).toMatchObject({ issuer: 'ScreamStage', label: 'ada_l', algorithm: 'SHA1', digits: 6, period: 30 });
    expect(read.secret.base32).toBe(secret);
    const now = Date.now();
    expect((read as OtpTotp).generate({ timestamp: now })).toBe(totpCodeAt(secret, totpStep(now)));
  });

  it('should draw the address as an SVG QR code', async () => {
    const svg = await qrSvg(otpauthUri(newTotpSecret(), 'ada_l', 'ScreamStage'));
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).toContain('<path');
    expect(svg).not.toMatch(/<script|on\w+=/i);
  });
});
