import { Inject, Injectable, Logger } from '@nestjs/common';
import type { ClosedEntryReason } from '#contract/payments/messages.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { SEND_EMAIL } from '#server/infra/mail/mail-jobs.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { StandingsService } from '#server/modules/standings/standings.service.js';
import type { CreditedCounts } from '#server/modules/votes/intake/paid-votes.types.js';
import { VotesService } from '#server/modules/votes/intake/votes.service.js';
import { mailLanguage } from '#server/infra/mail/mail-language.js';
import { receiptEmail } from './payment-emails.js';
import type { CreditPaymentJob } from './payment-job.types.js';
import { CREDIT_PAYMENT } from './payment-jobs.js';
import { PaymentProviders } from './payment-providers.js';
import { PaymentsRepository } from './payments.repository.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';
import { WebhookEventsService } from '#server/modules/webhooks/webhook-events.service.js';

type CreditOutcome = { credited: CreditedCounts; votes: number } | { closed: ClosedEntryReason } | null;

/**
 * A paid payment's votes, credited exactly once however often the job runs (at-least-once
 * delivery, several Pay calls, a provider's repeated webhook): the payment moves paid → credited
 * in the same transaction that writes the ledger row and the counters, and only the run that moved
 * it credits anything. Once committed, the counts go to the standings (live events).
 *
 * Money is never turned into votes for an entry that can no longer take them (eliminated, its contest
 * ended, or gone since the checkout began): the payment moves paid → refunding instead, and the same
 * job gives the money back through the provider and marks it refunded (decision 021). A run that
 * dies in between is delivered again and finds the payment 'refunding'; the provider's refund is
 * keyed by the payment, so it happens once.
 */
@Injectable()
export class CreditPaymentHandler {
  private readonly log = new Logger(CreditPaymentHandler.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly votes: VotesService,
    private readonly standings: StandingsService,
    private readonly providers: PaymentProviders,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly site: SiteSettingsService,
    private readonly webhooks: WebhookEventsService,
  ) {}

  @OnJob(CREDIT_PAYMENT)
  async handle({ paymentId }: CreditPaymentJob): Promise<void> {
    const outcome = await this.credit(paymentId);
    if (outcome && 'credited' in outcome) {
      this.standings.changed(outcome.credited.groupId);
      const { entryId, groupId, entryVotes } = outcome.credited;
      this.webhooks.publish('payment.credited', paymentId, {
        payment_id: paymentId,
        entry_id: entryId,
        group_id: groupId,
        votes: outcome.votes,
        entry_votes: entryVotes,
      });
      await this.sendReceipt(paymentId);
      return;
    }
    if (outcome)
      this.log.warn(`payment ${paymentId}: its entry ${outcome.closed === 'gone' ? 'is gone' : `is closed (${outcome.closed})`}: not credited, refunding`);
    await this.refundIfRefunding(paymentId);
  }

  /**
   * A 'refunding' payment's money back through its provider, then 'refunded'. A provider that fails
   * (or is no longer configured) fails the job, which is tried again; one still 'refunding' after that
   * is listed by the reconciliation for an admin.
   */
  private async refundIfRefunding(paymentId: string): Promise<void> {
    const payment = await this.payments.find(paymentId);
    if (payment?.status !== 'refunding') return;
    const provider = this.providers.named(payment.provider);
    if (!provider) throw new Error(`payment ${paymentId}: provider ${payment.provider} is not configured, so its refund waits`);
    await provider.refund(payment);
    const refunded = await this.payments.markRefunded(paymentId);
    this.log.log(`payment ${paymentId}: refunded through ${payment.provider}`);
    if (refunded) {
      this.webhooks.publish('payment.refunded', paymentId, {
        payment_id: paymentId,
        entry_id: refunded.entryId,
        votes: refunded.votes,
        reason: 'entry_closed',
        votes_taken_back: refunded.wasCredited,
      });
    }
  }

  /**
   * The payer's receipt, after the credit committed, on the mail queue (its job id is the payment's,
   * so it is stored once). Should this process die between the commit and this line, the votes are
   * credited and the receipt is not sent: a receipt is never sent for votes that were not credited.
   */
  private async sendReceipt(paymentId: string): Promise<void> {
    const r = await this.payments.receipt(paymentId);
    // An erased payer's payment keeps no address to write to.
    if (!r?.payerEmail) return;
    const site = await this.site.get();
    const message = receiptEmail({
      to: r.payerEmail,
      lang: mailLanguage(r.locale),
      product: site.siteName,
      payerName: r.payerName,
      // An erased contestant is named in neutral words, never by the placeholder username, and has no profile to link.
      contestant: r.contestantErased ? null : { firstName: r.firstName, lastName: r.lastName, username: r.username },
      votes: r.votes,
      baseVotes: r.baseVotes,
      amountMinor: r.amountMinor,
      currency: r.currency,
      reference: paymentId,
      testMode: r.provider === 'test',
      charity: site.charityName,
      beneficiary: site.charityBeneficiary,
      profileUrl: r.contestantErased ? `${this.config.publicUrl}/` : `${this.config.publicUrl}/profile/${encodeURIComponent(r.username)}`,
    });
    await this.queue.add(SEND_EMAIL, message, { jobId: `receipt-${paymentId}` });
  }

  /**
   * The payment (locked), then its entry (locked: an elimination waits for this transaction, as the
   * credit waits for one already under way), then either the credit or paid → refunding.
   */
  @Transactional()
  private async credit(paymentId: string): Promise<CreditOutcome> {
    const payment = await this.payments.lockPaid(paymentId);
    if (!payment) return null;
    const closed = await this.votes.paidVotesClosed(payment.entryId, { lock: true });
    if (closed) {
      await this.payments.markRefunding(payment.id);
      return { closed };
    }
    await this.payments.markCredited(payment.id);
    const counts = await this.votes.creditPaid({ paymentId: payment.id, entryId: payment.entryId, votes: payment.votes, userId: payment.userId });
    // The ledger already holds this payment: never 'credited' without its votes. Throwing rolls the
    // status back to 'paid', and the failed job keeps the reason for the reconciliation.
    if (!counts) throw new Error(`payment ${payment.id}: its votes could not be credited (the ledger already holds them)`);
    return { credited: counts, votes: payment.votes };
  }
}
