import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { PaymentsRepository } from './payments.repository.js';

/**
 * Abandoned checkouts: a payment still 'created' PAYMENT_EXPIRY after it was made becomes 'expired'
 * when it is next read (the admin list and export, TEST MODE's Pay), by one conditional UPDATE: no
 * timer to lose, the same in one process and in scaled mode, and any number of processes doing it at
 * once expire each payment once. Money a provider confirms later still moves an expired payment to
 * 'paid' and credits it (decision 021).
 */
@Injectable()
export class PaymentExpiry {
  private readonly seconds: number;

  constructor(
    private readonly payments: PaymentsRepository,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'paymentExpirySeconds'>,
  ) {
    this.seconds = config.paymentExpirySeconds;
  }

  /** Every abandoned checkout; answers how many expired now. */
  sweep(): Promise<number> {
    return this.payments.expireAbandoned(this.seconds);
  }

  /** This payment, if it is an abandoned checkout. */
  check(paymentId: string): Promise<void> {
    return this.payments.expireIfAbandoned(paymentId, this.seconds);
  }
}
