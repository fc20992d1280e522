import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { VOTE_PACKAGES } from '#contract/constants.js';
import { PAYMENT_MESSAGES, type BuyVotesRequest, type BuyVotesResponse, type TestPayResponse } from '#contract/payment-schemas.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { detailError } from '#server/common/errors.js';
import { JobName, JobQueue } from '#server/infra/queue/jobs.js';
import type { UserEntity } from '../users/entities/user.entity.js';
import { VotesService } from '../votes/votes.service.js';
import { PaymentProvider } from './payment-provider.js';
import { PaymentsRepository } from './payments.repository.js';

/** The origins a return URL may point to: the site's own (PUBLIC_URL) and the configured CORS origins. */
export function siteOrigins(config: Pick<AppConfig, 'publicUrl' | 'CORS_ORIGINS'>): Set<string> {
  const origins = new Set<string>([new URL(config.publicUrl).origin]);
  for (const o of config.CORS_ORIGINS) {
    try {
      origins.add(new URL(o).origin);
    } catch {
      // A malformed entry allows nothing.
    }
  }
  return origins;
}

/** Paid votes (issue 10 §2–§4): the checkout, and TEST MODE's payment. */
@Injectable()
export class PaymentsService {
  private readonly origins: Set<string>;
  /** TEST MODE is the only provider so far; off (PAYMENTS_TEST_MODE, scaled mode by default) means no checkout at all. */
  private readonly testMode: boolean;

  constructor(
    private readonly votes: VotesService,
    private readonly payments: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.origins = siteOrigins(config);
    this.testMode = config.paymentsTestMode;
  }

  /**
   * POST /contestants/{username}/buy-votes: the server prices the package; the payment row is
   * written (created) before the provider is called, then the provider's reference is saved.
   */
  async buyVotes(username: string, body: BuyVotesRequest, user: UserEntity | null): Promise<BuyVotesResponse> {
    if (user?.isCompetitor) throw detailError(HttpStatus.FORBIDDEN, PAYMENT_MESSAGES.competitorsNotPermitted);
    if (!this.testMode) throw detailError(HttpStatus.SERVICE_UNAVAILABLE, PAYMENT_MESSAGES.unavailable);
    const pkg = VOTE_PACKAGES.find((p) => p.votes === body.num_votes);
    if (!pkg) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.unknownPackage);
    if (Math.round(body.amount_expected * 100) !== pkg.price * 100) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.amountMismatch);
    // No open redirect: the provider sends the buyer back only to this site.
    for (const url of [body.frontend_success_url, body.frontend_cancel_url]) {
      if (!this.origins.has(new URL(url).origin)) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.foreignReturnUrl);
    }
    const entry = await this.votes.openEntry(username);
    if (entry.profileId !== body.contestant_id) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.contestantMismatch);

    const payment = await this.payments.create({
      id: randomUUID(),
      profileId: entry.profileId,
      entryId: entry.entryId,
      contestId: entry.contestId,
      userId: user?.id ?? null,
      votes: pkg.votes + pkg.bonus,
      baseVotes: pkg.votes,
      amountCents: pkg.price * 100,
      payerEmail: body.payer_email,
      payerName: user ? `${user.firstName} ${user.lastName}`.trim() || null : null,
      provider: this.provider.name,
      method: body.payment_method,
      successUrl: body.frontend_success_url,
      cancelUrl: body.frontend_cancel_url,
    });
    const checkout = await this.provider.createCheckout(payment, body.frontend_success_url, body.frontend_cancel_url);
    await this.payments.setProviderRef(payment.id, checkout.providerRef);
    return { payment_url: checkout.paymentUrl };
  }

  /**
   * TEST MODE's Pay button: created → paid, then the `credit-payment` job (its id is the payment's,
   * so repeated calls add it once); answers once the job is stored. Repeating the call is harmless.
   */
  async testPay(paymentId: string): Promise<TestPayResponse> {
    const payment = this.testMode ? await this.payments.find(paymentId) : null;
    if (!payment || payment.provider !== 'test') throw detailError(HttpStatus.NOT_FOUND, PAYMENT_MESSAGES.paymentNotFound);
    if (payment.status === 'created') await this.payments.markPaid(payment.id);
    else if (payment.status !== 'paid' && payment.status !== 'credited') throw detailError(HttpStatus.CONFLICT, PAYMENT_MESSAGES.notPayable);
    await this.queue.add(JobName.CreditPayment, { paymentId: payment.id }, { jobId: payment.id });
    const ref = payment.providerRef ?? `test_${payment.id}`;
    // Back the way the real provider would send the buyer: Stripe adds session_id, PayPal token.
    const param = payment.method === 'paypal' ? 'token' : 'session_id';
    const joiner = payment.successUrl.includes('?') ? '&' : '?';
    return { redirect_url: `${payment.successUrl}${joiner}${param}=${encodeURIComponent(ref)}` };
  }
}
