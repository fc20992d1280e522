// Paid votes: the buy-votes and vote-page requests, the captures, and the admin payments list's query
// (docs/product.md#paid-votes). The server prices the package itself; amount_expected only guards against a
// stale page.
import { z } from 'zod';
import { pageParams } from '../common/params.js';
import { MAX_DONATION_VOTES, PAYMENT_METHODS, PAYMENT_PROVIDERS, PAYMENT_STATUS_FILTERS, VOTE_PACKAGE_LIMITS } from './constants.js';
import { CURRENCIES, formatMoney, priceStep, toMajor, toMinor } from './currencies.js';
import { ADMIN_PAYMENT_MESSAGES, DONATION_MESSAGES, PAYMENT_MESSAGES, VOTE_PACKAGE_MESSAGES, VOTE_PAGE_MESSAGES } from './messages.js';

/** The largest id PostgreSQL's integer holds: a larger one is a 422, never a database error. */
const MAX_ID = 2_147_483_647;
const email = (message?: string) => z.email(message).max(254);
const returnUrl = () => z.url().max(2048);

export const buyVotesSchema = z.object({
  contestant_id: z.number().int().positive().max(MAX_ID),
  /** The package's base votes; the packages on offer are the contestant's contest's (or the site's). */
  num_votes: z.number(PAYMENT_MESSAGES.unknownPackage).int(PAYMENT_MESSAGES.unknownPackage).positive(PAYMENT_MESSAGES.unknownPackage).max(MAX_ID),
  payer_email: email(),
  payment_method: z.enum(PAYMENT_METHODS, PAYMENT_MESSAGES.unknownMethod),
  frontend_success_url: returnUrl(),
  frontend_cancel_url: returnUrl(),
  /** The price in the currency's major units (10 for $10, 1000 for ¥1,000), as the page showed it. */
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
 * POST /votes/initiate-payment, the vote page's paid vote: for a free amount one vote per price of one
 * vote (the offer's donation_vote_price), a package's votes (and bonus) when `package_id` names one. The
 * return URLs are optional: without them the buyer comes back to the contestant's profile page
 * (`?payment=success|cancel`). The amount's limits depend on the offer: the server checks them
 * (donationAmountSchema words them for the form).
 */
export const initiatePaymentSchema = z.object({
  profile_id: z.number().int().positive().max(MAX_ID),
  voter_name: z.string().trim().min(1, VOTE_PAGE_MESSAGES.nameRequired).max(200),
  voter_email: email(VOTE_PAGE_MESSAGES.emailInvalid),
  votes: z.number().int().positive().max(MAX_ID),
  /** In the currency's major units, as typed (10.5 for $10.50). */
  amount_paid: z.number(VOTE_PAGE_MESSAGES.amountRequired).positive(VOTE_PAGE_MESSAGES.amountPositive).max(1e9),
  payment_method: z.enum(PAYMENT_METHODS, PAYMENT_MESSAGES.unknownMethod),
  /** A vote package the donation buys, earning its bonus; without it, one vote per price of one vote. */
  package_id: z.number().int().positive(PAYMENT_MESSAGES.unknownPackage).max(MAX_ID, PAYMENT_MESSAGES.unknownPackage).optional(),
  frontend_success_url: returnUrl().optional(),
  frontend_cancel_url: returnUrl().optional(),
});
export type InitiatePaymentRequest = z.infer<typeof initiatePaymentSchema>;

/**
 * A donation's amount as the vote page takes it (major units) for an offer: at least one vote's price,
 * a whole number of votes, at most MAX_DONATION_VOTES of them; the output is in minor units. The server
 * checks the same rules with the same texts.
 */
export function donationAmountSchema(currency: string, votePrice: number) {
  const money = (minor: number) => formatMoney(minor, currency);
  return z.number(VOTE_PAGE_MESSAGES.amountRequired).transform((major, ctx) => {
    const minor = toMinor(major, currency);
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (major < toMajor(votePrice, currency)) return fail(DONATION_MESSAGES.amountMin(money(votePrice)));
    if (minor === null || minor % votePrice !== 0) return fail(DONATION_MESSAGES.amountStep(money(votePrice)));
    if (minor > votePrice * MAX_DONATION_VOTES) return fail(DONATION_MESSAGES.amountMax(money(votePrice * MAX_DONATION_VOTES)));
    return minor;
  });
}

/** One package of an organizer's list; `id` keeps an existing package (its links and payments), none adds one. */
export const votePackageInputSchema = z.object({
  id: z.number().int().positive().max(MAX_ID).optional(),
  votes: z.number().int().min(1).max(VOTE_PACKAGE_LIMITS.maxVotes),
  bonus: z.number().int().min(0).max(VOTE_PACKAGE_LIMITS.maxVotes),
  price_minor: z.number().int().min(1).max(VOTE_PACKAGE_LIMITS.maxPriceMinor),
});
export type VotePackageInput = z.infer<typeof votePackageInputSchema>;

/**
 * What an organizer sells: the currency, one vote's price for a free-amount donation, and 1 to 8
 * packages (in the order shown), every price in the currency's minor units and in its provider step.
 */
export const voteOfferInputSchema = z
  .object({
    currency: z.enum(CURRENCIES, VOTE_PACKAGE_MESSAGES.unknownCurrency),
    donation_vote_price: z.number().int().min(1).max(VOTE_PACKAGE_LIMITS.maxPriceMinor),
    packages: z.array(votePackageInputSchema).min(VOTE_PACKAGE_LIMITS.min).max(VOTE_PACKAGE_LIMITS.max),
  })
  .superRefine((offer, ctx) => {
    const step = priceStep(offer.currency);
    const stepIssue = (path: (string | number)[]) => ctx.addIssue({ code: 'custom', path, message: VOTE_PACKAGE_MESSAGES.priceStep(offer.currency, step) });
    if (offer.donation_vote_price % step !== 0) stepIssue(['donation_vote_price']);
    const seen = new Set<number>();
    offer.packages.forEach((p, i) => {
      if (p.price_minor % step !== 0) stepIssue(['packages', i, 'price_minor']);
      if (seen.has(p.votes)) ctx.addIssue({ code: 'custom', path: ['packages', i, 'votes'], message: VOTE_PACKAGE_MESSAGES.duplicateVotes });
      seen.add(p.votes);
    });
  });
export type VoteOfferInput = z.infer<typeof voteOfferInputSchema>;

/** PUT /admin/contests/{id}/vote-packages: the contest's own offer, or null to follow the site's. */
export const contestVoteOfferSchema = z.object({ offer: voteOfferInputSchema.nullable() });
export type ContestVoteOfferInput = z.infer<typeof contestVoteOfferSchema>;

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
