// Accounts: the answers of sign-in, registration and GET /users/me, what an access token carries, and the
// API document's example of the current user.
import { z } from 'zod';
import { id, named } from '../common/answers.js';
import { contestEntrySummarySchema } from '../contests/answers.js';
import { contestantProfileSchema, PROFILE_EXAMPLE } from '../profiles/answers.js';
import { voteReviewNoticeSchema } from '../votes/answers.js';
import { OIDC_PROVIDERS } from './constants.js';
import { STAFF_ROLES, type StaffRole } from './roles.js';

export const tokenResponseSchema = named('TokenResponse', z.object({ access_token: z.string(), token_type: z.literal('bearer') }));
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/**
 * The password was right, and the account signs in with a second factor: the code goes to POST
 * /auth/login/two-factor with this challenge (opaque, single-use, valid for a few minutes).
 */
export const twoFactorChallengeSchema = named('TwoFactorChallenge', z.object({ two_factor_required: z.literal(true), challenge: z.string() }));
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /auth/login: a token, or (an account with two-factor sign-in) the challenge of the second step. */
export const loginAnswerSchema = named('LoginAnswer', z.union([tokenResponseSchema, twoFactorChallengeSchema]));
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** What an access token carries (never an answer of its own). */
export interface TokenClaims {
  sub: string;
  email: string;
  /** True for every staff account (the admin area); `staff_role` says which. */
  is_superuser: boolean;
  /** The staff role, absent for everyone else (and in tokens issued before roles existed: an owner's). */
  staff_role?: StaffRole | null;
  is_verified: boolean;
  exp: number;
  iat?: number;
  /** Password version: tokens issued before a password change stop working. */
  pwv?: string;
}

export const currentUserSchema = named(
  'CurrentUser',
  z.object({
    id,
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    /** True for every staff account (the admin area); `staff_role` says which. */
    is_superuser: z.boolean(),
    /** The staff role, null for everyone else. */
    staff_role: z.enum(STAFF_ROLES).nullable(),
    is_competitor: z.boolean(),
    is_verified: z.boolean(),
    /** The account signs in with an authenticator's code after its password. */
    two_factor_enabled: z.boolean(),
    contestant_profile: contestantProfileSchema.nullable(),
    contest_entries: z.array(contestEntrySummarySchema),
    /** Free votes of this contestant that review removed, newest first (empty for everyone else). */
    vote_reviews: z.array(voteReviewNoticeSchema),
    /** When the account will be erased, as its owner asked; null when no deletion is pending. */
    deletion_due_at: z.string().nullable(),
  }),
);
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const registrationResponseSchema = named('RegistrationResponse', z.object({ email: z.string(), username: z.string(), message: z.string() }));
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** The API document's example, typed by the answer's schema: an example that no longer fits its answer does not compile. */
export const CURRENT_USER_EXAMPLE: CurrentUser = {
  id: 40,
  username: 'ada_l',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_superuser: false,
  staff_role: null,
  is_competitor: true,
  is_verified: true,
  two_factor_enabled: false,
  contestant_profile: PROFILE_EXAMPLE,
  contest_entries: [{ id: 81, contest_id: 3, group_id: 9, current_contest_votes: 130, is_eliminated: false, joined_at: '2026-10-01T09:30:00.000Z' }],
  vote_reviews: [],
  deletion_due_at: null,
};

/** GET /users/me/linked-accounts: the provider accounts this account signs in with. */
export const linkedAccountsSchema = named(
  'LinkedAccounts',
  z.object({
    accounts: z.array(z.object({ provider: z.enum(OIDC_PROVIDERS), email: z.string(), linked_at: z.string() })),
    /** Whether the account has a password of its own: without one its last provider may not be unlinked. */
    password_set: z.boolean(),
  }),
);
export type LinkedAccounts = z.infer<typeof linkedAccountsSchema>;

/** POST /users/me/linked-accounts/{provider}: the provider's page to send the browser to. */
export const oidcLinkStartSchema = named('OidcLinkStart', z.object({ authorization_url: z.string() }));
export type OidcLinkStart = z.infer<typeof oidcLinkStartSchema>;
