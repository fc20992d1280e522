// Payment word lists and limits as plain values (no zod), so that a page showing them (the profile's vote
// packages) does not load zod for them.

/** A list of vote packages holds 1 to 8 packages (the site's, or a contest's own). */
export const VOTE_PACKAGE_LIMITS = { min: 1, max: 8, maxVotes: 1_000_000, maxPriceMinor: 100_000_000 } as const;

export const PAYMENT_METHODS = ['stripe', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The most votes one vote-page donation may buy (its amount is votes times the price of one vote). */
export const MAX_DONATION_VOTES = 10_000;

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
