import { Metrics } from '#server/infra/metrics/metrics.js';
import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import type { PaymentMethod } from '#contract/payments/constants.js';
import { methodsFor, methodTakes, toMinor } from '#contract/payments/currencies.js';
import { CLOSED_NOT_CHARGED, CLOSED_REFUNDED, methodRefusesCurrency, PAYMENT_MESSAGES } from '#contract/payments/messages.js';
import { type BuyVotesRequest, donationAmountSchema, type InitiatePaymentRequest } from '#contract/payments/requests.js';
import type { BuyVotesResponse, CaptureResponse, TestPayResponse } from '#contract/payments/answers.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { detailError } from '#server/common/errors.js';
import { mailboxOf } from '#server/common/throttle-keys.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import type { Locale } from '#contract/site/constants.js';
import type { UserEntity } from '#server/modules/users/entities/user.entity.js';
import type { OpenEntry } from '#server/modules/votes/intake/paid-votes.types.js';
import { VotesService } from '#server/modules/votes/intake/votes.service.js';
import { VoteOfferService } from '#server/modules/vote-packages/vote-offer.service.js';
import type { VoteOffer, VotePackage } from '#server/modules/vote-packages/vote-offer.types.js';
import type { PaymentEntity, PaymentProviderName } from './entities/payment.entity.js';
import { PaymentExpiry } from './payment-expiry.js';
import { CREDIT_PAYMENT, REFUND_PAYMENT } from './payment-jobs.js';
import { PaymentLimits } from './payment-limits.js';
import { InvalidWebhook, PaymentNotCompleted, type PaymentProvider, type ProviderPayment } from './payment-provider.js';
import { PaymentProviders } from './payment-providers.js';
import { PaymentsRepository } from './payments.repository.js';

/**
 * The origins a return URL may point to: the site's own (PUBLIC_URL's; without it, also every loopback
 * name of its port) and the configured CORS origins.
 */
export function siteOrigins(config: Pick<AppConfig, 'ownOrigins' | 'CORS_ORIGINS'>): Set<string> {
  const origins = new Set<string>(config.ownOrigins);
  for (const o of config.CORS_ORIGINS) {
    try {
      origins.add(new URL(o).origin);
    } catch {
      // A malformed entry allows nothing.
    }
  }
  return origins;
}

/** What is being bought, priced by the server from the offer of the entry's contest. */
interface NewOrder {
  method: PaymentMethod;
  votes: number;
  baseVotes: number;
  /** In the offer's currency's minor units. */
  amountMinor: number;
  currency: string;
  packageId: number | null;
  payerEmail: string;
  payerName: string | null;
  /** The payer's language: the receipt is written in it. */
  locale: Locale;
  successUrl: string;
  cancelUrl: string;
}

/** A package's order: its base votes and bonus, at its price in the offer's currency. */
function packageOrder(pkg: VotePackage, offer: VoteOffer): Pick<NewOrder, 'votes' | 'baseVotes' | 'amountMinor' | 'currency' | 'packageId'> {
  return { votes: pkg.votes + pkg.bonus, baseVotes: pkg.votes, amountMinor: pkg.price_minor, currency: offer.currency, packageId: pkg.id };
}

/** Paid votes (docs/product.md#paid-votes): the checkout, and TEST MODE's payment. */
@Injectable()
export class PaymentsService {
  private readonly log = new Logger(PaymentsService.name);
  private readonly origins: Set<string>;
  private readonly publicUrl: string;

  constructor(
    private readonly votes: VotesService,
    private readonly payments: PaymentsRepository,
    private readonly providers: PaymentProviders,
    private readonly queue: JobQueue,
    private readonly limits: PaymentLimits,
    private readonly expiry: PaymentExpiry,
    private readonly offers: VoteOfferService,
    @Inject(APP_CONFIG) config: AppConfig,
    metrics: Metrics,
  ) {
    metrics.gauge('payments', 'Payments by state', 'state', () => this.payments.countByStatus(), 'first');
    this.origins = siteOrigins(config);
    this.publicUrl = config.publicUrl;
  }

  /** The methods a buyer may choose (GET /site; an offer's currency narrows them), and whether TEST MODE serves any of them. */
  offered(): { methods: PaymentMethod[]; testMode: boolean } {
    return { methods: this.providers.methods(), testMode: this.providers.testMode() };
  }

  /** The methods that can take an offer's currency (PayPal takes no three-decimal currency). */
  methodsFor(currency: string): PaymentMethod[] {
    return methodsFor(this.providers.methods(), currency);
  }

  /**
   * POST /contestants/{username}/buy-votes: the server prices the package; the payment row is
   * written (created) before the provider is called, then the provider's reference is saved.
   */
  async buyVotes(username: string, body: BuyVotesRequest, user: UserEntity | null, address: string, locale: Locale): Promise<BuyVotesResponse> {
    await this.limits.checkout(address, body.payer_email);
    this.refuseCompetitor(user);
    const entry = await this.votes.openEntry(username);
    if (entry.profileId !== body.contestant_id) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.contestantMismatch);
    const offer = await this.offers.forContest(entry.contestId);
    const pkg = offer.packages.find((p) => p.votes === body.num_votes);
    if (!pkg) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.unknownPackage);
    // The page showed the price in major units: a stale page (price or currency changed since) is told to reload.
    if (toMinor(body.amount_expected, offer.currency) !== pkg.price_minor) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.amountMismatch);
    await this.refuseOwnMailbox(entry, body.payer_email);
    return this.start(entry, user, {
      method: body.payment_method,
      ...packageOrder(pkg, offer),
      payerEmail: body.payer_email,
      payerName: user ? `${user.firstName} ${user.lastName}`.trim() || null : null,
      locale,
      successUrl: body.frontend_success_url,
      cancelUrl: body.frontend_cancel_url,
    });
  }

  /**
   * POST /votes/initiate-payment, the vote page's paid vote: a package (its base votes at its price
   * earn its bonus) or a free amount of whole votes at the offer's price of one vote. Without return
   * URLs the buyer comes back to the contestant's profile page, where the capture happens.
   */
  async initiate(body: InitiatePaymentRequest, user: UserEntity | null, address: string, locale: Locale): Promise<BuyVotesResponse> {
    await this.limits.checkout(address, body.voter_email);
    this.refuseCompetitor(user);
    const username = await this.votes.usernameOfProfile(body.profile_id);
    if (!username) throw detailError(HttpStatus.NOT_FOUND, PAYMENT_MESSAGES.contestantNotFound);
    const entry = await this.votes.openEntry(username);
    const offer = await this.offers.forContest(entry.contestId);
    const priced = await this.priceVotePage(body, entry.contestId, offer);
    await this.refuseOwnMailbox(entry, body.voter_email);
    const profilePage = `${this.publicUrl}/profile/${encodeURIComponent(entry.username)}`;
    return this.start(entry, user, {
      method: body.payment_method,
      ...priced,
      payerEmail: body.voter_email,
      payerName: body.voter_name,
      locale,
      successUrl: body.frontend_success_url ?? `${profilePage}?payment=success`,
      cancelUrl: body.frontend_cancel_url ?? `${profilePage}?payment=cancel`,
    });
  }

  /**
   * The vote page's order: a package of the offer (named by package_id, at its price, earning its bonus),
   * or a free amount (major units) of whole votes at the offer's price of one vote. The votes sent must
   * be what the amount buys.
   */
  private async priceVotePage(
    body: InitiatePaymentRequest,
    contestId: number,
    offer: VoteOffer,
  ): Promise<Pick<NewOrder, 'votes' | 'baseVotes' | 'amountMinor' | 'currency' | 'packageId'>> {
    if (body.package_id !== undefined) {
      const found = await this.offers.lookup(contestId, body.package_id);
      if (found.state === 'retired') throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.retiredPackage);
      if (found.state === 'unknown') throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.unknownPackage);
      const pkg = found.pack;
      if (pkg.votes !== body.votes || toMinor(body.amount_paid, offer.currency) !== pkg.price_minor) {
        throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.votesNotMatchingAmount);
      }
      return packageOrder(pkg, offer);
    }
    const amount = donationAmountSchema(offer.currency, offer.donation_vote_price).safeParse(body.amount_paid);
    if (!amount.success) throw detailError(HttpStatus.BAD_REQUEST, amount.error.issues[0]?.message ?? PAYMENT_MESSAGES.votesNotMatchingAmount);
    const votes = amount.data / offer.donation_vote_price;
    if (votes !== body.votes) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.votesNotMatchingAmount);
    return { votes, baseVotes: votes, amountMinor: amount.data, currency: offer.currency, packageId: null };
  }

  private refuseCompetitor(user: UserEntity | null): void {
    if (user?.isCompetitor) throw detailError(HttpStatus.FORBIDDEN, PAYMENT_MESSAGES.competitorsNotPermitted);
  }

  /**
   * A contestant may not buy votes for themself by leaving their token out: a payer e-mail that
   * reaches the contestant's own mailbox (letter case and `+tag` folded) is refused like a competitor.
   */
  private async refuseOwnMailbox(entry: OpenEntry, payerEmail: string): Promise<void> {
    const own = await this.payments.accountEmail(entry.profileId);
    if (own !== null && mailboxOf(own) === mailboxOf(payerEmail)) throw detailError(HttpStatus.FORBIDDEN, PAYMENT_MESSAGES.competitorsNotPermitted);
  }

  /** The payment row (created), then the provider's checkout; a provider that fails leaves the row 'failed' and answers 502. */
  private async start(entry: OpenEntry, user: UserEntity | null, order: NewOrder): Promise<BuyVotesResponse> {
    const provider = this.providers.forMethod(order.method);
    if (!provider) throw detailError(HttpStatus.SERVICE_UNAVAILABLE, PAYMENT_MESSAGES.unavailable);
    // The method, not the provider standing in for it: TEST MODE refuses what PayPal would.
    if (!methodTakes(order.method, order.currency)) throw detailError(HttpStatus.BAD_REQUEST, methodRefusesCurrency(order.method, order.currency));
    // No open redirect: the provider sends the buyer back only to this site.
    for (const url of [order.successUrl, order.cancelUrl]) {
      if (!this.origins.has(new URL(url).origin)) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.foreignReturnUrl);
    }
    const payment = await this.payments.create({
      id: randomUUID(),
      profileId: entry.profileId,
      entryId: entry.entryId,
      contestId: entry.contestId,
      userId: user?.id ?? null,
      votes: order.votes,
      baseVotes: order.baseVotes,
      amountMinor: order.amountMinor,
      currency: order.currency,
      packageId: order.packageId,
      payerEmail: order.payerEmail,
      payerName: order.payerName,
      locale: order.locale,
      provider: provider.name,
      method: order.method,
      successUrl: order.successUrl,
      cancelUrl: order.cancelUrl,
    });
    let checkout;
    try {
      checkout = await provider.createCheckout(payment, order.successUrl, order.cancelUrl);
    } catch (err) {
      await this.payments.markFailed(payment.id);
      this.log.warn(`payment ${payment.id}: ${provider.name} checkout failed: ${err instanceof Error ? err.message : String(err)}`);
      throw detailError(HttpStatus.BAD_GATEWAY, PAYMENT_MESSAGES.providerUnreachable);
    }
    await this.payments.setProviderRef(payment.id, checkout.providerRef);
    return { payment_url: checkout.paymentUrl };
  }

  /**
   * TEST MODE's Pay button: created → paid, then the `credit-payment` job (its id is the payment's,
   * so repeated calls add it once); answers once the job is stored. Repeating the call is harmless.
   * Nothing is paid for a checkout that expired or whose entry can no longer take votes (eliminated,
   * contest ended), and paying, which mails a receipt, is limited per address and payer mailbox.
   */
  async testPay(paymentId: string, address: string): Promise<TestPayResponse> {
    if (this.providers.testMode()) await this.expiry.check(paymentId);
    const payment = this.providers.testMode() ? await this.payments.find(paymentId) : null;
    if (!payment || payment.provider !== 'test') throw detailError(HttpStatus.NOT_FOUND, PAYMENT_MESSAGES.paymentNotFound);
    if (payment.status === 'expired') throw detailError(HttpStatus.CONFLICT, PAYMENT_MESSAGES.expired);
    if (payment.status === 'created') {
      const closed = await this.votes.paidVotesClosed(payment.entryId);
      if (closed) throw detailError(HttpStatus.CONFLICT, CLOSED_NOT_CHARGED[closed]);
      // Only from 'created': a checkout that expired meanwhile stays unpaid.
      await this.limits.testPayment(address, payment.payerEmail, () => this.payments.markPaid(payment.id, ['created']));
    } else if (payment.status !== 'paid' && payment.status !== 'credited') throw detailError(HttpStatus.CONFLICT, PAYMENT_MESSAGES.notPayable);
    await this.enqueueCredit(payment.id);
    const ref = payment.providerRef ?? `test_${payment.id}`;
    // Back the way the real provider would send the buyer: Stripe adds session_id, PayPal token.
    const param = payment.method === 'paypal' ? 'token' : 'session_id';
    const joiner = payment.successUrl.includes('?') ? '&' : '?';
    return { redirect_url: `${payment.successUrl}${joiner}${param}=${encodeURIComponent(ref)}` };
  }

  /**
   * The return page's capture (POST /payments/stripe/capture, /webhooks/paypal/capture): the
   * provider is asked (Stripe reads the session, PayPal captures the order), what it says must match
   * the payment, then created → paid and the credit job is stored. Any number of calls, alongside
   * the webhook, credit once. A TEST MODE reference was paid on the TEST MODE page already.
   */
  async capture(method: PaymentMethod, providerRef: string): Promise<CaptureResponse> {
    const payment = await this.payments.findByRef(providerRef);
    if (!payment || payment.method !== method) throw detailError(HttpStatus.NOT_FOUND, PAYMENT_MESSAGES.paymentNotFound);
    if (payment.status === 'failed') throw detailError(HttpStatus.CONFLICT, PAYMENT_MESSAGES.notPayable);
    if (payment.status === 'refunding' || payment.status === 'refunded') await this.refuseRefunded(payment);
    if (payment.provider === 'test') {
      if (!this.providers.testMode()) throw detailError(HttpStatus.NOT_FOUND, PAYMENT_MESSAGES.paymentNotFound);
      if (payment.status === 'created') throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.notCompleted);
      if (payment.status === 'expired') throw detailError(HttpStatus.CONFLICT, PAYMENT_MESSAGES.expired);
    } else if (payment.status === 'created' || payment.status === 'expired') {
      const provider = this.provider(payment.provider);
      // A provider that takes the money only now (PayPal's capture) is not asked to for an entry that
      // can no longer take votes: it is only asked whether an earlier capture (whose answer was lost)
      // took it already; if none did, nothing is charged and nothing needs refunding.
      const closed = provider.confirmTakesMoney ? await this.votes.paidVotesClosed(payment.entryId) : null;
      const paid = closed
        ? await this.ask(() => provider.confirm(providerRef, payment.id, false), CLOSED_NOT_CHARGED[closed])
        : await this.ask(() => provider.confirm(providerRef, payment.id));
      await this.markPaidIfMatching(payment, paid);
    }
    await this.enqueueCredit(payment.id);
    // Read back: a refund may have landed meanwhile, and then nothing was added; money taken for an
    // entry that can no longer take votes goes back (the credit job refunds it), and the buyer is told.
    const now = (await this.payments.find(payment.id))?.status;
    if (now === 'paid' || now === 'refunding' || now === 'refunded') {
      const closed = await this.votes.paidVotesClosed(payment.entryId);
      if (closed) throw detailError(HttpStatus.CONFLICT, CLOSED_REFUNDED[closed]);
    }
    if (now !== 'paid' && now !== 'credited') throw detailError(HttpStatus.CONFLICT, PAYMENT_MESSAGES.notPayable);
    return {
      payment_id: payment.id,
      status: now,
      votes: payment.votes,
      username: await this.payments.username(payment.profileId),
      message: PAYMENT_MESSAGES.votesAdded,
    };
  }

  /**
   * A provider's webhook (POST /webhooks/stripe, /webhooks/paypal): verified by the provider's
   * adapter (a bad signature is 400), then a paid checkout is credited like a capture, and a refund
   * or a lost dispute takes the votes back out.
   */
  async webhook(
    name: Exclude<PaymentProviderName, 'test'>,
    rawBody: Buffer | undefined,
    headers: Record<string, string | string[] | undefined>,
  ): Promise<{ received: true }> {
    const provider = this.providers.named(name);
    if (!provider) throw detailError(HttpStatus.NOT_FOUND, PAYMENT_MESSAGES.providerNotConfigured);
    let event;
    try {
      event = await provider.readWebhook(rawBody ?? Buffer.alloc(0), headers);
    } catch (err) {
      if (err instanceof InvalidWebhook) throw detailError(HttpStatus.BAD_REQUEST, err.message);
      // A verified event whose lookups at the provider failed: 502, and the provider sends it again.
      this.log.warn(`${name} webhook could not be read: ${(err as Error).message}`);
      throw detailError(HttpStatus.BAD_GATEWAY, PAYMENT_MESSAGES.providerUnreachable);
    }
    if (event.kind === 'paid') {
      const payment = await this.locate(name, event.payment.paymentId, event.payment.providerRef);
      // An expired checkout the provider reports paid is paid: money moved means votes.
      if (payment && (payment.status === 'created' || payment.status === 'expired' || payment.status === 'paid')) {
        // A paid event that does not match the payment (amount, currency) is acknowledged and not
        // credited: answering 4xx would only make the provider send it again for days.
        // A database failure still throws (500 → the provider sends it again).
        if (payment.status !== 'paid' && !(await this.paidIfMatching(payment, event.payment))) {
          this.log.warn(`${name} reported payment ${payment.id} paid with another amount or currency: not credited`);
          return { received: true };
        }
        await this.enqueueCredit(payment.id);
      }
    } else if (event.kind === 'reversed') {
      const payment = await this.locate(name, event.paymentId, event.providerRef);
      const refunded = event.refunded;
      const partial =
        payment !== null && refunded?.minor != null && refunded.currency === payment.currency.toUpperCase() && refunded.minor < payment.amountMinor;
      if (partial) this.log.log(`${name} refunded part of payment ${payment.id}: its votes stay`);
      else if (payment) await this.queue.add(REFUND_PAYMENT, { paymentId: payment.id, reason: event.reason }, { jobId: `refund-${payment.id}` });
    }
    return { received: true };
  }

  /** 409 for a payment whose money went (or is going) back: why, when its entry closed; else that it can no longer be paid. */
  private async refuseRefunded(payment: PaymentEntity): Promise<never> {
    const closed = await this.votes.paidVotesClosed(payment.entryId);
    throw detailError(HttpStatus.CONFLICT, closed ? CLOSED_REFUNDED[closed] : PAYMENT_MESSAGES.notPayable);
  }

  private provider(name: PaymentProviderName): PaymentProvider {
    const provider = this.providers.named(name);
    if (!provider) throw detailError(HttpStatus.SERVICE_UNAVAILABLE, PAYMENT_MESSAGES.providerNotConfigured);
    return provider;
  }

  /**
   * A provider call: "not completed" is the buyer's 400 (or, given `notTaken`, a 409 saying why nothing
   * was taken), an unreachable provider a 502, never a 500.
   */
  private async ask(call: () => Promise<ProviderPayment>, notTaken?: string): Promise<ProviderPayment> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof PaymentNotCompleted) throw notTaken ? detailError(HttpStatus.CONFLICT, notTaken) : detailError(HttpStatus.BAD_REQUEST, err.message);
      throw this.providerFailed(err);
    }
  }

  /** The provider's error is logged (our adapters never put keys or tokens into messages); the buyer gets a 502. */
  private providerFailed(err: unknown): Error {
    this.log.warn(`payment provider failed: ${err instanceof Error ? err.message : String(err)}`);
    return detailError(HttpStatus.BAD_GATEWAY, PAYMENT_MESSAGES.providerUnreachable);
  }

  /** Our payment for a provider's event: by our id when the provider carries it, else by its reference. */
  private async locate(provider: PaymentProviderName, paymentId: string | null, providerRef: string | null): Promise<PaymentEntity | null> {
    const payment =
      (paymentId ? await this.payments.find(paymentId).catch(() => null) : null) ?? (providerRef ? await this.payments.findByRef(providerRef) : null);
    return payment && payment.provider === provider ? payment : null;
  }

  /** created → paid, only when the provider took exactly this payment's amount in its currency. */
  private async markPaidIfMatching(payment: PaymentEntity, paid: ProviderPayment): Promise<void> {
    if (!paid.paid) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.notCompleted);
    if (!(await this.paidIfMatching(payment, paid))) throw detailError(HttpStatus.BAD_REQUEST, PAYMENT_MESSAGES.amountNotMatching);
  }

  /** created or expired → paid when the provider took exactly this payment's amount in its currency; false (nothing changed) otherwise. */
  private async paidIfMatching(payment: PaymentEntity, paid: ProviderPayment): Promise<boolean> {
    const matches =
      paid.paid &&
      (paid.paymentId === null || paid.paymentId === payment.id) &&
      paid.amountMinor === payment.amountMinor &&
      (paid.currency ?? '').toUpperCase() === payment.currency.toUpperCase();
    if (matches) await this.payments.markPaid(payment.id);
    return matches;
  }

  private async enqueueCredit(paymentId: string): Promise<void> {
    await this.queue.add(CREDIT_PAYMENT, { paymentId }, { jobId: paymentId });
  }
}
