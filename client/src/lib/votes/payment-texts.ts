// The client's payment texts (the buy dialog, the payment return and the vote page), exact (docs/product.md#exact-texts).
// The server's own texts (refusals, 'Payment successful! Votes have been added.') are in
// #contract/payment-messages. Each is read in the reader's language at the moment it is read (lib/i18n/lib-text.ts).
import { msg } from '@lingui/core/macro';
import type { PaymentMethod } from '#contract/payments/constants';
import { libText } from '@/lib/i18n/lib-text';

export const PAYMENT_TEXTS = {
  get startFailed() {
    return libText(msg`Failed to initiate payment`);
  },
  get noPaymentUrl() {
    return libText(msg`No payment URL received`);
  },
  get processing() {
    return libText(msg`Processing...`);
  },
  get processingProvider(): Record<PaymentMethod, string> {
    return { paypal: libText(msg`Processing your PayPal payment...`), stripe: libText(msg`Processing your Stripe payment...`) };
  },
  get completed() {
    return libText(msg`Payment completed successfully!`);
  },
  get captureFailed(): Record<PaymentMethod, string> {
    return { paypal: libText(msg`Failed to complete PayPal payment.`), stripe: libText(msg`Failed to complete Stripe payment.`) };
  },
  get cancelled() {
    return libText(msg`Payment was cancelled. You have not been charged.`);
  },
  get unavailable() {
    return libText(msg`Paid votes are not available right now`);
  },
  get packagesFailed() {
    return libText(msg`The vote packages could not be loaded. Please reload the page.`);
  },
  get noPackages() {
    return libText(msg`No vote packages are offered right now.`);
  },
  // Vote page.
  get profileLoadFailed() {
    return libText(msg`Failed to load profile details.`);
  },
  get voteInitiated() {
    return libText(msg`Payment initiated! Follow the instructions to complete your vote.`);
  },
  get votePaymentFailed() {
    return libText(msg`Payment failed. Please try again.`);
  },
};

/** How a method is named to the buyer. */
export const METHOD_LABELS: Readonly<Record<PaymentMethod, string>> = {
  get stripe() {
    return libText(msg`Card (Stripe)`);
  },
  paypal: 'PayPal',
};
