// Paid votes: the buy-votes request, its answer and the server's texts (spec 000 §3 Buy-votes dialog,
// §7, §8; issue 10). The server prices the package itself; amount_expected only guards against a stale page.
import { z } from 'zod';
import { VOTE_PACKAGES } from './constants.js';

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
} as const;

export const buyVotesSchema = z.object({
  contestant_id: z.number().int().positive(),
  num_votes: z
    .number()
    .int()
    .refine((n) => VOTE_PACKAGES.some((p) => p.votes === n), PAYMENT_MESSAGES.unknownPackage),
  payer_email: z.email(),
  payment_method: z.enum(PAYMENT_METHODS, PAYMENT_MESSAGES.unknownMethod),
  frontend_success_url: z.url(),
  frontend_cancel_url: z.url(),
  /** Dollars, as the page showed them. */
  amount_expected: z.number().nonnegative(),
});
export type BuyVotesRequest = z.infer<typeof buyVotesSchema>;

export interface BuyVotesResponse {
  payment_url: string;
}

/** TEST MODE's Pay button: where to send the buyer next (the success URL with `session_id`). */
export interface TestPayResponse {
  redirect_url: string;
}
