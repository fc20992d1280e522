// Payment word lists and limits as plain values (no zod), so that a page showing them (the profile's vote
// packages) does not load zod for them.

export interface VotePackage {
  id: number;
  votes: number;
  price: number;
  bonus: number;
}

/** Vote packages: 1 dollar per base vote; votes granted are votes plus bonus (docs/product.md#paid-votes). */
export const VOTE_PACKAGES: readonly VotePackage[] = [
  { id: 1, votes: 10, price: 10, bonus: 2 },
  { id: 2, votes: 50, price: 50, bonus: 20 },
  { id: 3, votes: 100, price: 100, bonus: 50 },
  { id: 4, votes: 200, price: 200, bonus: 125 },
];

export const PAYMENT_METHODS = ['stripe', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The most one vote-page donation may be, in dollars (one vote per dollar). */
export const MAX_DONATION_DOLLARS = 10_000;

/**
 * A payment's states: created (checkout open), paid (the provider has the money), credited (votes
 * added), refunding (paid for an entry that can no longer take votes: the money goes back through the
 * provider), refunded, failed (the provider refused the checkout), expired (left unpaid past
 * PAYMENT_EXPIRY; money a provider confirms later is still credited).
 */
export const PAYMENT_STATUSES = ['created', 'paid', 'credited', 'refunding', 'refunded', 'failed', 'expired'] as const;
export type PaymentStatusName = (typeof PAYMENT_STATUSES)[number];
/** The list's status filter: one status, or 'all'; without one, every status but 'expired'. */
export const PAYMENT_STATUS_FILTERS = [...PAYMENT_STATUSES, 'all'] as const;
export type PaymentStatusFilter = (typeof PAYMENT_STATUS_FILTERS)[number];
export const PAYMENT_PROVIDERS = ['test', 'stripe', 'paypal'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

/** The CSV export's header row, in column order. */
export const PAYMENT_CSV_COLUMNS = [
  'payment_id',
  'created_at',
  'credited_at',
  'status',
  'provider',
  'method',
  'provider_ref',
  'contestant',
  'profile_id',
  'entry_id',
  'contest_id',
  'payer_name',
  'payer_email',
  'amount',
  'currency',
  'votes',
  'base_votes',
] as const;

/**
 * A 'paid' payment older than this is reported as stuck (paid at the provider, never credited), and a
 * 'refunding' one as a refund not done.
 */
export const STUCK_PAYMENT_MINUTES = 5;
