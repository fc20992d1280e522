import type { PaymentEntity, PaymentProviderName } from './entities/payment.entity.js';

export interface Checkout {
  /** The provider's id of the checkout (Stripe session, PayPal order, TEST MODE reference). */
  providerRef: string;
  /** Where the buyer pays. */
  paymentUrl: string;
}

/** A payment provider behind one small class (docs/architecture.md, adapters), chosen in payments.module.ts. */
export abstract class PaymentProvider {
  abstract readonly name: PaymentProviderName;
  abstract createCheckout(payment: PaymentEntity, successUrl: string, cancelUrl: string): Promise<Checkout>;
}
