// Two-factor sign-in's answers: the setup (the secret, its otpauth address and QR code), the recovery
// codes, the account's state, and the token of a sign-in's second step.
import { z } from 'zod';
import { tokenResponseSchema } from '../auth/answers.js';
import { count, named, timestamp } from '../common/answers.js';

/** POST /admin/two-factor/setup: what the authenticator app is given, by QR code or typed. */
export const twoFactorSetupSchema = named(
  'TwoFactorSetup',
  z.object({
    /** The shared secret in base32, for typing into the app by hand. */
    secret: z.string(),
    /** The otpauth:// address the QR code holds. */
    otpauth_uri: z.string(),
    /** The QR code of `otpauth_uri` as an SVG document, drawn by the server. */
    qr_svg: z.string(),
  }),
);
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** A confirmed setup or a regeneration: the recovery codes, shown this once (only their hashes are kept). */
export const recoveryCodesSchema = named('RecoveryCodes', z.object({ recovery_codes: z.array(z.string()) }));
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** GET /admin/two-factor: the signed-in staff account's second factor. */
export const twoFactorStatusSchema = named(
  'TwoFactorStatus',
  z.object({
    enabled: z.boolean(),
    enabled_at: timestamp.nullable(),
    /** Unused recovery codes (0 while two-factor sign-in is off). */
    recovery_codes_left: count,
    /** STAFF_2FA=required and this account is an owner: without a second factor the rest of the admin area is closed to it. */
    required: z.boolean(),
  }),
);
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /auth/login/two-factor: the token, and what is left of the recovery codes. */
export const twoFactorTokenResponseSchema = named(
  'TwoFactorTokenResponse',
  tokenResponseSchema.extend({
    /** The code given was a recovery code (now spent). */
    recovery_code_used: z.boolean(),
    recovery_codes_left: count,
  }),
);
export type TwoFactorTokenResponse = z.infer<typeof twoFactorTokenResponseSchema>;
