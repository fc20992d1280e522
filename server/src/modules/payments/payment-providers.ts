import type { PaymentMethod } from '#contract/payments/constants.js';
import type { PaymentProviderName } from './entities/payment.entity.js';
import type { PaymentProvider } from './payment-provider.js';

/**
 * The providers this deployment offers, by the buyer's method: the real adapter when its keys are
 * configured, TEST MODE standing in when PAYMENTS_TEST_MODE is on, nothing otherwise.
 */
export class PaymentProviders {
  constructor(private readonly byMethod: Partial<Record<PaymentMethod, PaymentProvider>>) {}

  forMethod(method: PaymentMethod): PaymentProvider | undefined {
    return this.byMethod[method];
  }

  /** The provider that made a payment (its `provider` column). */
  named(name: PaymentProviderName): PaymentProvider | undefined {
    return this.all().find((p) => p.name === name);
  }

  /** Methods a buyer may choose, in the order the site shows them. */
  methods(): PaymentMethod[] {
    return (['stripe', 'paypal'] as const).filter((m) => this.byMethod[m]);
  }

  /** True when some method is served by TEST MODE. */
  testMode(): boolean {
    return this.all().some((p) => p.name === 'test');
  }

  /** The providers set (a method without one is an undefined entry). */
  private all(): PaymentProvider[] {
    return Object.values(this.byMethod).filter((p): p is PaymentProvider => p !== undefined);
  }
}
