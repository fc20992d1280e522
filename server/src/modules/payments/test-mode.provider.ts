import type { PaymentEntity } from './entities/payment.entity.js';
import { PaymentProvider, type Checkout } from './payment-provider.js';

/**
 * TEST MODE (issue 10 §3), the provider when no Stripe or PayPal keys are set: the checkout is a page
 * of this site whose Pay button calls POST /payments/test/{id}/pay. No money moves.
 */
export class TestModeProvider extends PaymentProvider {
  readonly name = 'test' as const;

  constructor(private readonly publicUrl: string) {
    super();
  }

  createCheckout(payment: PaymentEntity, successUrl: string, cancelUrl: string): Promise<Checkout> {
    const query = new URLSearchParams({ success: successUrl, cancel: cancelUrl });
    return Promise.resolve({ providerRef: `test_${payment.id}`, paymentUrl: `${this.publicUrl}/test-checkout/${payment.id}?${query.toString()}` });
  }
}
