// Paid votes: the checkout's and the capture's answers, the admin payments page and the reconciliation,
// and the API document's example checkout.
import { z } from 'zod';
import { count, id, named, timestamp } from '../common/answers.js';
import { PAYMENT_METHODS, PAYMENT_PROVIDERS, PAYMENT_STATUSES } from './constants.js';

/** One vote package as fans see it: `votes` plus `bonus` are credited for `price_minor` (the offer's currency's minor units). */
export const votePackageSchema = named('VotePackage', z.object({ id, votes: z.int(), bonus: z.int(), price_minor: z.int() }));
export type VotePackage = z.infer<typeof votePackageSchema>;

/**
 * What a contest sells votes for (the site's offer unless the contest has its own): the currency (ISO
 * 4217), one vote's price for a free-amount donation and the packages, in order, all in minor units.
 */
export const voteOfferSchema = named('VoteOffer', z.object({ currency: z.string(), donation_vote_price: z.int(), packages: z.array(votePackageSchema) }));
export type VoteOffer = z.infer<typeof voteOfferSchema>;

/** GET/PUT /admin/contests/{id}/vote-packages: the contest's own offer (null: it follows the site's) and the site's. */
export const contestVoteOfferAnswerSchema = named('ContestVoteOffer', z.object({ contest_id: id, own: voteOfferSchema.nullable(), site: voteOfferSchema }));
export type ContestVoteOffer = z.infer<typeof contestVoteOfferAnswerSchema>;

export const buyVotesResponseSchema = named('BuyVotesResponse', z.object({ payment_url: z.string() }));
export type BuyVotesResponse = z.infer<typeof buyVotesResponseSchema>;

/** TEST MODE's Pay button: where to send the buyer next (the success URL with `session_id`). */
export const testPayResponseSchema = named('TestPayResponse', z.object({ redirect_url: z.string() }));
export type TestPayResponse = z.infer<typeof testPayResponseSchema>;

/**
 * A capture's answer, given once the credit job is stored: `status` is 'paid' (credit queued) or
 * 'credited' (already done); the group's next live tally brings the new count.
 */
export const captureResponseSchema = named(
  'CaptureResponse',
  z.object({
    payment_id: z.string(),
    status: z.enum(['paid', 'credited']),
    /** Votes bought (base + bonus). */
    votes: z.int(),
    username: z.string(),
    message: z.string(),
  }),
);
export type CaptureResponse = z.infer<typeof captureResponseSchema>;

/** A payment webhook's answer once the event is taken. */
export const webhookReceivedSchema = named('WebhookReceived', z.object({ received: z.literal(true) }));
export type WebhookReceived = z.infer<typeof webhookReceivedSchema>;

/** One row of the admin payments table (and of its CSV export). */
export const adminPaymentItemSchema = named(
  'AdminPaymentItem',
  z.object({
    id: z.string(),
    created_at: timestamp,
    credited_at: timestamp.nullable(),
    status: z.enum(PAYMENT_STATUSES),
    provider: z.enum(PAYMENT_PROVIDERS),
    /** What the buyer chose; TEST MODE may stand in for it. */
    method: z.enum(PAYMENT_METHODS),
    provider_ref: z.string().nullable(),
    profile_id: id,
    entry_id: id,
    contest_id: id,
    /** The contestant's username; null when the account was deleted since (payments outlive it). */
    username: z.string().nullable(),
    payer_name: z.string().nullable(),
    payer_email: z.string(),
    /** In the currency's minor units (cents; yen have none). */
    amount_minor: z.int(),
    currency: z.string(),
    /** The package bought; null for a free amount (or a package deleted since). */
    package_id: id.nullable(),
    /** Base votes plus the package's bonus. */
    votes: z.int(),
    base_votes: z.int(),
  }),
);
export type AdminPaymentItem = z.infer<typeof adminPaymentItemSchema>;

/** Over every payment matching the filters (not only the page). */
export const adminPaymentsTotalsSchema = named(
  'AdminPaymentsTotals',
  z.object({
    count,
    /** Only payments whose status is 'credited' (refunded ones had their votes taken back): one sum per currency, largest first. */
    credited_amounts: z.array(z.object({ currency: z.string(), amount_minor: z.int() })),
    credited_votes: z.int(),
  }),
);
export type AdminPaymentsTotals = z.infer<typeof adminPaymentsTotalsSchema>;

/** GET /admin/payments: the page's rows (newest first) and the totals; the count is also in x-total-count. */
export const adminPaymentsPageSchema = named('AdminPaymentsPage', z.object({ items: z.array(adminPaymentItemSchema), totals: adminPaymentsTotalsSchema }));
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPageSchema>;

/** A payment paid at the provider but not credited some minutes later. */
export const stuckPaymentSchema = named(
  'StuckPayment',
  z.object({
    id: z.string(),
    created_at: timestamp,
    provider: z.enum(PAYMENT_PROVIDERS),
    provider_ref: z.string().nullable(),
    amount_minor: z.int(),
    currency: z.string(),
    votes: z.int(),
    username: z.string().nullable(),
  }),
);
export type StuckPayment = z.infer<typeof stuckPaymentSchema>;

/** GET /admin/payments/reconciliation and `npm run reconcile-payments`. */
export const paymentReconciliationSchema = named(
  'PaymentReconciliation',
  z.object({
    /** Every check below holds and nothing is stuck. */
    ok: z.boolean(),
    checked_at: timestamp,
    /** Sum of the votes of payments whose status is 'credited'. */
    credited_votes: z.int(),
    /** Sum of the weights of the paid ledger rows (credits and refund reversals). */
    ledger_paid_votes: z.int(),
    entries_paid_votes: z.int(),
    profiles_paid_votes: z.int(),
    /** Credited votes whose entry was deleted since (contest or account): those ledger rows and entry counters went with it. */
    deleted_entry_votes: z.int(),
    /** Credited votes whose contestant profile was deleted since (account deleted). */
    deleted_profile_votes: z.int(),
    /**
     * Credited payments (of entries that still exist) without their own ledger row of their votes: the
     * sums can hide two such errors that cancel out, this cannot. At most 200 ids.
     */
    mismatched_payments: z.array(z.string()),
    /** One sentence per failed check. */
    problems: z.array(z.string()),
    stuck: z.array(stuckPaymentSchema),
  }),
);
export type PaymentReconciliation = z.infer<typeof paymentReconciliationSchema>;

/** The API document's example of a checkout: the provider's page, or this site's TEST MODE page. */
export const CHECKOUT_EXAMPLE: BuyVotesResponse = { payment_url: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4' };
