// The authenticator's codes (TOTP, RFC 6238) through otpauth, with the contract's settings: SHA-1, 6
// digits, 30-second steps, one step of clock drift either way.
import { Secret, TOTP as Totp } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP } from '#contract/twofactor/constants.js';

/** 160 random bits, the length RFC 4226 recommends for an HMAC-SHA-1 key. */
const SECRET_BYTES = 20;

const totpOf = (secret: string, label = 'account', issuer = ''): Totp =>
  new Totp({ issuer, label, secret: Secret.fromBase32(secret), algorithm: TOTP.algorithm, digits: TOTP.digits, period: TOTP.periodSeconds });

/** A new shared secret, in base32 (what the app is given by hand). */
export const newTotpSecret = (): string => new Secret({ size: SECRET_BYTES }).base32;

/** The otpauth:// address an authenticator app reads from the QR code: the account by name, under the issuer. */
export const otpauthUri = (secret: string, account: string, issuer: string): string => totpOf(secret, account, issuer).toString();

/** The address's QR code as an SVG document (drawn here, so the client carries no QR library). */
export const qrSvg = (uri: string): Promise<string> => QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });

/** The time step at `now` (milliseconds): the number of whole periods since 1970. */
export const totpStep = (now: number = Date.now()): number => Math.floor(now / 1000 / TOTP.periodSeconds);

/**
 * The time step whose code `code` is, when it is the code of the step at `now` or one step either side;
 * null otherwise. Whether that step's code was already used is the caller's to check.
 */
export function matchingStep(secret: string, code: string, now: number = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP.windowSteps });
  return delta === null ? null : totpStep(now) + delta;
}

/** The code of a time step (for the tests, and for nothing the server answers). */
export const totpCodeAt = (secret: string, step: number): string => totpOf(secret).generate({ timestamp: step * TOTP.periodSeconds * 1000 });
