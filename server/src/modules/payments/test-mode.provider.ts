import type { PaymentEntity } from './entities/payment.entity.js';
import { InvalidWebhook, PaymentNotCompleted, PaymentProvider, type Checkout, type ProviderPayment, type WebhookEvent } from './payment-provider.js';

/**
 * TEST MODE, the provider when no Stripe or PayPal keys are set: the checkout is a page
 * of this site whose Pay button calls POST /payments/test/{id}/pay. No money moves. The URL carries the
 * amount, its currency and the votes only to be shown there; what is credited is the payment row's.
 */
export class TestModeProvider extends PaymentProvider {
  readonly name = 'test' as const;
  readonly confirmTakesMoney = false;

  createCheckout(payment: PaymentEntity, successUrl: string, cancelUrl: string): Promise<Checkout> {
    // What the page's Pay button names ('Pay $10 (test mode)', 'Pay ¥1,000 (test mode)'): the amount in
    // its currency's minor units, which the page formats, and the votes.
    const query = new URLSearchParams({
      success: successUrl,
      cancel: cancelUrl,
      amount_minor: String(payment.amountMinor),
      currency: payment.currency,
      votes: String(payment.votes),
    });
    // The checkout page is on the return address's origin (one of this site's, checked before): the
    // page follows only addresses of its own origin, and the buyer stays where they signed in.
    const origin = new URL(successUrl).origin;
    return Promise.resolve({ providerRef: `test_${payment.id}`, paymentUrl: `${origin}/test-checkout/${payment.id}?${query.toString()}` });
  }

  /** TEST MODE is paid on its own page (PaymentsService.testPay); there is nothing to ask. */
  confirm(): Promise<ProviderPayment> {
    return Promise.reject(new PaymentNotCompleted('TEST MODE payments are paid on the TEST MODE page'));
  }

  readWebhook(): Promise<WebhookEvent> {
    return Promise.reject(new InvalidWebhook('TEST MODE has no webhooks'));
  }

  /** No money moved: nothing to give back. */
  refund(): Promise<void> {
    return Promise.resolve();
  }
}
