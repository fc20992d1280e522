// Two-factor sign-in's rules as plain values (no zod): the authenticator's codes, the recovery codes and
// the sign-in's second step (docs/decisions/048-two-factor-sign-in.md).

/**
 * The authenticator's codes: TOTP (RFC 6238) with SHA-1, 6 digits and a new code every 30 seconds, the
 * settings every authenticator app reads from a QR code. A code one step before or after the server's
 * clock is still accepted, and each step's code only once.
 */
export const TOTP = { algorithm: 'SHA1', digits: 6, periodSeconds: 30, windowSteps: 1 } as const;

/** An authenticator code as typed: 6 digits (spaces between them are dropped). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** How many recovery codes a confirmed setup or a regeneration answers (each one signs in once). */
export const RECOVERY_CODE_COUNT = 10;

/** At this many unused recovery codes or fewer, the sign-in answer and the admin page warn. */
export const RECOVERY_CODES_LOW = 3;

/**
 * A recovery code's characters: Crockford's base32 in lower case (no i, l, o or u, which read like
 * other characters), 12 of them in three groups of four, `k7m2-x9qd-4tnb`: 60 random bits each.
 */
export const RECOVERY_CODE_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const RECOVERY_CODE_GROUPS = 3;
export const RECOVERY_CODE_GROUP_LENGTH = 4;

/** How long the second step of a sign-in may wait for its code, in minutes. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

/** Wrong codes one sign-in's second step takes before it is void (the password is asked again). */
export const TWO_FACTOR_CHALLENGE_MAX_FAILURES = 5;

/** `STAFF_2FA`: whether owners must sign in with a second factor. */
export const STAFF_TWO_FACTOR_MODES = ['optional', 'required'] as const;
export type StaffTwoFactorMode = (typeof STAFF_TWO_FACTOR_MODES)[number];
