// The payment texts: the server's answers, the vote page's form, the admin payments page, and the
// donation wording, apart from the schemas so that a page showing them does not load zod for them.
import { PAYMENT_PROVIDERS, PAYMENT_STATUS_FILTERS } from './constants.js';

export const PAYMENT_MESSAGES = {
  competitorsNotPermitted: 'Competitors are not permitted to cast paid votes.',
  unknownPackage: 'Choose one of the vote packages offered for this contestant',
  retiredPackage: 'This vote package is no longer offered. Choose one of the current packages, or an amount of your own.',
  unknownMethod: "Payment method must be 'stripe' or 'paypal'",
  amountMismatch: 'The price of this vote package has changed; reload the page and try again',
  foreignReturnUrl: 'Return URLs must be pages of this site',
  contestantMismatch: 'contestant_id does not match this contestant',
  paymentNotFound: 'Payment not found',
  notPayable: 'This payment can no longer be paid',
  unavailable: 'Paid votes are not available yet. Please try again later.',
  notCompleted: 'This payment has not been completed',
  amountNotMatching: 'The amount paid does not match this payment',
  providerNotConfigured: 'This payment provider is not configured',
  providerUnreachable: 'The payment provider could not be reached. Please try again.',
  votesAdded: 'Payment successful! Votes have been added.',
  votesNotMatchingAmount: 'Votes must match a vote package and its price, or the amount divided by the price of one vote',
  contestantNotFound: 'Contestant not found',
  expired: "This checkout has expired and nothing was charged. Start a new one from the contestant's profile.",
} as const;

/** Why an entry can no longer take paid votes. */
export type ClosedEntryReason = 'eliminated' | 'ended' | 'gone';

/** TEST MODE's Pay, or a PayPal order not yet captured, for an entry closed since the checkout began: nothing is taken. */
export const CLOSED_NOT_CHARGED: Record<ClosedEntryReason, string> = {
  eliminated: 'This contestant has been eliminated from the contest, so votes can no longer be bought for them. Nothing was charged.',
  ended: 'This contest has ended, so votes can no longer be bought. Nothing was charged.',
  gone: 'This contestant is no longer in the contest, so votes can no longer be bought for them. Nothing was charged.',
};

/** The return from a provider that took the money for an entry closed since the checkout began: no votes, a refund. */
export const CLOSED_REFUNDED: Record<ClosedEntryReason, string> = {
  eliminated: 'This contestant was eliminated from the contest before your payment went through, so no votes were added. Your payment is being refunded.',
  ended: 'This contest ended before your payment went through, so no votes were added. Your payment is being refunded.',
  gone: 'This contestant left the contest before your payment went through, so no votes were added. Your payment is being refunded.',
};

/** The 429 detail when an address or a payer's mailbox has started (or paid, in TEST MODE) its payments of the hour. */
export const paymentsTooMany = (minutes: number) =>
  `Too many payments were started here or for this e-mail address in the last hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export const VOTE_PAGE_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  amountRequired: 'Amount is required',
  amountPositive: 'Amount must be more than 0',
} as const;

/** A donation's limits, each naming the amount as the page writes it ('$1' for the demo's one dollar a vote). */
export const DONATION_MESSAGES = {
  amountMin: (oneVote: string) => `Amount must be at least ${oneVote}`,
  amountStep: (oneVote: string) => `Amount must be a multiple of ${oneVote}, the price of one vote`,
  amountMax: (most: string) => `Amount must be at most ${most}`,
} as const;

/** A method that cannot take the offer's currency (PayPal has no three-decimal currency). */
export const methodRefusesCurrency = (method: string, currency: string) =>
  `${method === 'paypal' ? 'PayPal' : 'Stripe'} does not take payments in ${currency}; choose another payment method`;

export const VOTE_PACKAGE_MESSAGES = {
  duplicateVotes: 'Two packages of a list cannot have the same number of votes',
  unknownId: 'A package id that is not one of this list',
  priceStep: (currency: string, step: number) => `${currency} prices must be in steps of ${step} minor units (the payment provider's rule)`,
  unknownCurrency: 'Choose one of the currencies offered',
  contestNotFound: 'Contest not found',
  loadFailed: 'The vote packages could not be loaded',
  saveFailed: 'The vote packages could not be saved',
  saved: 'Vote packages saved',
} as const;

export const ADMIN_PAYMENT_MESSAGES = {
  unknownStatus: `status must be one of ${PAYMENT_STATUS_FILTERS.join(', ')}`,
  unknownProvider: `provider must be one of ${PAYMENT_PROVIDERS.join(', ')}`,
  loadFailed: 'Payments could not be loaded',
  reconciliationFailed: 'The reconciliation check could not be run',
  exportFailed: 'The CSV export failed',
  empty: 'No payments to show. Expired checkouts are left out unless the Status filter asks for them.',
  emptyFiltered: 'No payments match these filters',
} as const;

/**
 * The donation wording of the vote page, the buy dialog and the receipt (tax-deductible,
 * to a charity, a children's toy-drive foundation as beneficiary); the names come from GET /site.
 */
export function donationNotice(charity: string, beneficiary: string): string {
  return `Paid votes are donations to ${charity}, with ${beneficiary} as beneficiary, and are tax-deductible to the extent allowed by law. Votes are counted once your payment is completed; donations are not refundable except as required by law.`;
}
