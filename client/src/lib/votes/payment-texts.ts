// The client's payment texts (the buy dialog, the payment return and the vote page), exact (docs/product.md#exact-texts).
// The server's own texts (refusals, 'Payment successful! Votes have been added.') are in
// #contract/payment-messages.
import type { PaymentMethod } from '#contract/payments/constants';

export const PAYMENT_TEXTS = {
  startFailed: 'Failed to initiate payment',
  noPaymentUrl: 'No payment URL received',
  processing: 'Processing...',
  processingProvider: { paypal: 'Processing your PayPal payment...', stripe: 'Processing your Stripe payment...' } satisfies Record<PaymentMethod, string>,
  completed: 'Payment completed successfully!',
  captureFailed: { paypal: 'Failed to complete PayPal payment.', stripe: 'Failed to complete Stripe payment.' } satisfies Record<PaymentMethod, string>,
  cancelled: 'Payment was cancelled. You have not been charged.',
  unavailable: 'Paid votes are not available right now',
  packagesFailed: 'The vote packages could not be loaded. Please reload the page.',
  noPackages: 'No vote packages are offered right now.',
  // Vote page.
  profileLoadFailed: 'Failed to load profile details.',
  voteInitiated: 'Payment initiated! Follow the instructions to complete your vote.',
  votePaymentFailed: 'Payment failed. Please try again.',
} as const;

/** How a method is named to the buyer. */
export const METHOD_LABELS: Record<PaymentMethod, string> = { stripe: 'Card (Stripe)', paypal: 'PayPal' };
