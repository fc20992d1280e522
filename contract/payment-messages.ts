// The payment methods and the server's payment texts (spec 000 §8; issue 10), apart from the schemas
// so that a page showing them (the profile's vote packages) does not load zod for them.

export const PAYMENT_METHODS = ['stripe', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_MESSAGES = {
  competitorsNotPermitted: 'Competitors are not permitted to cast paid votes.',
  unknownPackage: 'Choose one of the vote packages: 10, 50, 100 or 200 votes',
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
  votesNotMatchingAmount: 'Votes must match a vote package and its price, or be one vote per dollar',
  contestantNotFound: 'Contestant not found',
} as const;
