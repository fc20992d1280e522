import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { paymentsTooMany } from '#contract/payments/messages.js';
import { mailboxOf, throttleKey } from '#server/common/throttle-keys.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { RateLimiter, type RateState } from '#server/infra/rate-limit/rate-limiter.js';

const HOUR_SECONDS = 3600;

/** 429 with the seconds to wait; the controller copies them into Retry-After. */
export class TooManyPayments extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ detail: paymentsTooMany(Math.max(1, Math.ceil(retryAfterSeconds / 60))) }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/**
 * How many payments one client address and one payer mailbox may start, and pay in TEST MODE, an hour
 * (fixed one-hour windows in the infra RateLimiter, under keyed hashes: never the address or e-mail
 * itself). Mailboxes fold letter case and `+tag`s, so `Ann+1@x.com` counts as `ann@x.com`: a receipt
 * cannot become a way to flood someone's inbox.
 */
@Injectable()
export class PaymentLimits {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A checkout (buy-votes, the vote page's paid vote): at most PAYMENT_CHECKOUTS_PER_HOUR per address and per payer mailbox; refused ones count too. */
  async checkout(address: string, payerEmail: string): Promise<void> {
    const keys = this.keys('pay', address, payerEmail);
    this.refuseOver(await this.hitAll(keys), this.config.PAYMENT_CHECKOUTS_PER_HOUR);
  }

  /**
   * TEST MODE's Pay, which mails a receipt: at most TEST_PAYMENTS_PER_HOUR per address and per payer
   * mailbox. `pay` runs only within the limit and answers whether this call paid the payment; a call
   * that did not (another one paid it at the same moment) gives its count back, so one payment counts once.
   */
  async testPayment(address: string, payerEmail: string, pay: () => Promise<boolean>): Promise<void> {
    const keys = this.keys('test-pay', address, payerEmail);
    this.refuseOver(await this.hitAll(keys), this.config.TEST_PAYMENTS_PER_HOUR);
    let paid = false;
    try {
      paid = await pay();
    } finally {
      if (!paid) await Promise.all(keys.map((k) => this.limiter.release(k, HOUR_SECONDS)));
    }
  }

  private keys(kind: string, address: string, email: string): string[] {
    const secret = this.config.JWT_SECRET!;
    return [throttleKey(secret, `${kind}-addr`, address), throttleKey(secret, `${kind}-mailbox`, mailboxOf(email))];
  }

  private hitAll(keys: string[]): Promise<RateState[]> {
    return Promise.all(keys.map((k) => this.limiter.hit(k, HOUR_SECONDS)));
  }

  private refuseOver(counts: RateState[], perHour: number): void {
    const over = counts.filter((c) => c.hits > perHour);
    if (over.length) throw new TooManyPayments(Math.max(1, ...over.map((c) => c.retryAfter)));
  }
}
