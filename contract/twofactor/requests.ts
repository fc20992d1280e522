// Two-factor sign-in's requests: one definition for the sign-in page, the admin page and the server.
import { z } from 'zod';
import { recoveryCodeOf, totpCodeOf } from './codes.js';
import { TWO_FACTOR_MESSAGES as M } from './messages.js';

/** An authenticator's current code (spaces between the digits are dropped). */
const totpCode = z
  .string({ error: M.setupCodeFormat })
  .trim()
  .min(1, { error: M.codeRequired })
  .max(20, { error: M.setupCodeFormat })
  .transform((typed, ctx) => {
    const code = totpCodeOf(typed);
    if (code === null) ctx.addIssue({ code: 'custom', message: M.setupCodeFormat });
    return code ?? '';
  });

/** POST /admin/two-factor/confirm and /recovery-codes: a code the authenticator shows now. */
export const twoFactorCodeSchema = z.object({ code: totpCode });
export type TwoFactorCodeInput = z.input<typeof twoFactorCodeSchema>;

/** POST /admin/two-factor/disable: a current code, or the account's password (one of them). */
export const disableTwoFactorSchema = z
  .object({
    code: totpCode.optional(),
    password: z.string({ error: M.disableProofRequired }).max(128, { error: M.wrongPassword }).optional(),
  })
  .superRefine((v, ctx) => {
    const hasPassword = v.password !== undefined && v.password !== '';
    if (v.code === undefined && !hasPassword) ctx.addIssue({ code: 'custom', path: ['code'], message: M.disableProofRequired });
    if (v.code !== undefined && hasPassword) ctx.addIssue({ code: 'custom', path: ['code'], message: M.disableProofBoth });
  });
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;
export type DisableTwoFactor = z.output<typeof disableTwoFactorSchema>;

/**
 * POST /auth/login/two-factor: the challenge the password step answered, and an authenticator code or a
 * recovery code (read by codes.ts; the server tells them apart by their shape).
 */
export const twoFactorSignInSchema = z.object({
  challenge: z.string({ error: M.challengeMissing }).trim().min(1, { error: M.challengeMissing }).max(200, { error: M.challengeExpired }),
  code: z
    .string({ error: M.codeRequired })
    .trim()
    .min(1, { error: M.codeRequired })
    .max(40, { error: M.signInCodeFormat })
    .refine((typed) => totpCodeOf(typed) !== null || recoveryCodeOf(typed) !== null, { error: M.signInCodeFormat }),
});
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;
