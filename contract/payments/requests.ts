// Paid votes: the buy-votes and vote-page requests, the captures, and the admin payments list's query
// (docs/product.md#paid-votes). The server prices the package itself; amount_expected only guards against a
// stale page.
import { z } from 'zod';
import { pageParams } from '../common/params.js';
import { MAX_DONATION_DOLLARS, PAYMENT_METHODS, PAYMENT_PROVIDERS, PAYMENT_STATUS_FILTERS, VOTE_PACKAGES } from './constants.js';
import { ADMIN_PAYMENT_MESSAGES, PAYMENT_MESSAGES, VOTE_PAGE_MESSAGES } from './messages.js';

/** The largest id PostgreSQL's integer holds: a larger one is a 422, never a database error. */
const MAX_ID = 2_147_483_647;
const email = (message?: string) => z.email(message).max(254);
const returnUrl = () => z.url().max(2048);

export const buyVotesSchema = z.object({
  contestant_id: z.number().int().positive().max(MAX_ID),
  num_votes: z
    .number()
    .int()
    .refine((n) => VOTE_PACKAGES.some((p) => p.votes === n), PAYMENT_MESSAGES.unknownPackage),
  payer_email: email(),
  payment_method: z.enum(PAYMENT_METHODS, PAYMENT_MESSAGES.unknownMethod),
  frontend_success_url: returnUrl(),
  frontend_cancel_url: returnUrl(),
  /** Dollars, as the page showed them. */
  amount_expected: z.number().nonnegative(),
});
export type BuyVotesRequest = z.infer<typeof buyVotesSchema>;

/** POST /payments/stripe/capture after the buyer came back with `session_id`. */
export const stripeCaptureSchema = z.object({ session_id: z.string().trim().min(1).max(255) });
export type StripeCaptureRequest = z.infer<typeof stripeCaptureSchema>;

/** POST /webhooks/paypal/capture after the buyer came back with `token` (the PayPal order id). */
export const paypalCaptureSchema = z.object({ order_id: z.string().trim().min(1).max(255) });
export type PaypalCaptureRequest = z.infer<typeof paypalCaptureSchema>;

/**
 * POST /votes/initiate-payment, the vote page's paid vote: one vote
 * per dollar for a free amount, a package's votes (and bonus) when `package_id` names one. The return URLs are optional: without
 * them the buyer comes back to the contestant's profile page (`?payment=success|cancel`).
 */
export const initiatePaymentSchema = z.object({
  profile_id: z.number().int().positive().max(MAX_ID),
  voter_name: z.string().trim().min(1, VOTE_PAGE_MESSAGES.nameRequired).max(200),
  voter_email: email(VOTE_PAGE_MESSAGES.emailInvalid),
  votes: z.number().int().positive().max(MAX_ID),
  amount_paid: z
    .number(VOTE_PAGE_MESSAGES.amountRequired)
    .int(VOTE_PAGE_MESSAGES.amountWhole)
    .min(1, VOTE_PAGE_MESSAGES.amountMin)
    .max(MAX_DONATION_DOLLARS, VOTE_PAGE_MESSAGES.amountMax),
  payment_method: z.enum(PAYMENT_METHODS, PAYMENT_MESSAGES.unknownMethod),
  /** A vote package (1-4) the donation buys, earning its bonus; without it, one vote per dollar. */
  package_id: z
    .number()
    .int()
    .refine((id) => VOTE_PACKAGES.some((p) => p.id === id), PAYMENT_MESSAGES.unknownPackage)
    .optional(),
  frontend_success_url: returnUrl().optional(),
  frontend_cancel_url: returnUrl().optional(),
});
export type InitiatePaymentRequest = z.infer<typeof initiatePaymentSchema>;

/** A select's "All" sends nothing or an empty value: both mean no filter. */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: message }).optional());

/**
 * GET /admin/payments and /admin/payments/export: filters; the list also pages (skip, limit ≤ 100).
 * Without a status, expired checkouts are left out ('all' includes them, 'expired' lists only them).
 */
export const adminPaymentsFilterSchema = z.object({
  status: optionalEnum(PAYMENT_STATUS_FILTERS, ADMIN_PAYMENT_MESSAGES.unknownStatus),
  provider: optionalEnum(PAYMENT_PROVIDERS, ADMIN_PAYMENT_MESSAGES.unknownProvider),
});
export type AdminPaymentsFilter = z.output<typeof adminPaymentsFilterSchema>;

export const adminPaymentsQuerySchema = adminPaymentsFilterSchema.extend({
  ...pageParams(100, 20),
});
export type AdminPaymentsQuery = z.output<typeof adminPaymentsQuerySchema>;
