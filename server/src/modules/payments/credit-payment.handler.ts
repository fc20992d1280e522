import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { JobName, JobQueue } from '#server/infra/queue/jobs.js';
import { StandingsService } from '../standings/standings.service.js';
import type { CreditedCounts } from '../votes/paid-votes.types.js';
import { VotesService } from '../votes/votes.service.js';
import { receiptEmail } from './payment-emails.js';
import type { CreditPaymentJob } from './payment-job.types.js';
import { PaymentsRepository } from './payments.repository.js';

/**
 * A paid payment's votes, credited exactly once however often the job runs (at-least-once
 * delivery, several Pay calls, a provider's repeated webhook): the payment moves paid → credited
 * in the same transaction that writes the ledger row and the counters, and only the run that moved
 * it credits anything. Once committed, the counts go to the standings (live events).
 */
@Injectable()
export class CreditPaymentHandler {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly votes: VotesService,
    private readonly standings: StandingsService,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob(JobName.CreditPayment)
  async handle({ paymentId }: CreditPaymentJob): Promise<void> {
    const credited = await this.credit(paymentId);
    if (!credited) return;
    const { groupId, ...counts } = credited.counts;
    this.standings.votesCounted(groupId, [{ ...counts, username: credited.username }]);
    await this.sendReceipt(paymentId);
  }

  /**
   * The payer's receipt, after the credit committed, on the mail queue (its job id is the payment's,
   * so it is stored once). Should this process die between the commit and this line, the votes are
   * credited and the receipt is not sent: a receipt is never sent for votes that were not credited.
   */
  private async sendReceipt(paymentId: string): Promise<void> {
    const r = await this.payments.receipt(paymentId);
    if (!r) return;
    const message = receiptEmail({
      to: r.payerEmail,
      product: this.config.PRODUCT_NAME,
      payerName: r.payerName,
      contestant: { firstName: r.firstName, lastName: r.lastName, username: r.username },
      votes: r.votes,
      baseVotes: r.baseVotes,
      amountCents: r.amountCents,
      currency: r.currency,
      reference: paymentId,
      testMode: r.provider === 'test',
      charity: this.config.CHARITY_NAME,
      beneficiary: this.config.CHARITY_BENEFICIARY,
      profileUrl: `${this.config.publicUrl}/profile/${encodeURIComponent(r.username)}`,
    });
    await this.queue.add(JobName.SendEmail, message, { jobId: `receipt-${paymentId}` });
  }

  @Transactional()
  private async credit(paymentId: string): Promise<{ counts: CreditedCounts; username: string } | null> {
    const payment = await this.payments.markCredited(paymentId);
    if (!payment) return null;
    const counts = await this.votes.creditPaid({ paymentId: payment.id, entryId: payment.entryId, votes: payment.votes, userId: payment.userId });
    // The entry is gone (or the ledger already holds this payment): never 'credited' without its votes.
    // Throwing rolls the status back to 'paid', and the failed job keeps the reason for the reconciliation.
    if (!counts) throw new Error(`payment ${payment.id}: its votes could not be credited (entry ${payment.entryId} missing or already credited)`);
    return { counts, username: await this.payments.username(counts.profileId) };
  }
}
