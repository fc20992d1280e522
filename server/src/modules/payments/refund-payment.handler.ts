import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '#server/infra/database/transactional.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { StandingsService } from '#server/modules/standings/standings.service.js';
import type { CreditedCounts } from '#server/modules/votes/intake/paid-votes.types.js';
import { VotesService } from '#server/modules/votes/intake/votes.service.js';
import { WebhookEventsService } from '#server/modules/webhooks/webhook-events.service.js';
import type { RefundPaymentJob } from './payment-job.types.js';
import { REFUND_PAYMENT } from './payment-jobs.js';
import { PaymentsRepository } from './payments.repository.js';

/**
 * A refund or a lost dispute (a provider's webhook): the payment becomes 'refunded' and, if its votes
 * had been credited, a ledger row of the opposite sign takes them back out, in one transaction; the
 * standings then move live. Only the run that changed the status does anything (repeats are no-ops).
 */
@Injectable()
export class RefundPaymentHandler {
  private readonly log = new Logger(RefundPaymentHandler.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly votes: VotesService,
    private readonly standings: StandingsService,
    private readonly webhooks: WebhookEventsService,
  ) {}

  @OnJob(REFUND_PAYMENT)
  async handle({ paymentId, reason }: RefundPaymentJob): Promise<void> {
    const reversed = await this.reverse(paymentId);
    if (!reversed) return;
    this.webhooks.publish('payment.refunded', paymentId, {
      payment_id: paymentId,
      entry_id: reversed.entryId,
      votes: reversed.votes,
      reason,
      votes_taken_back: reversed.counts !== null,
    });
    this.log.log(
      `payment ${paymentId} ${reason === 'dispute' ? 'lost a dispute' : 'was refunded'}: ${reversed.counts ? 'votes taken back' : 'no votes had been credited'}`,
    );
    if (!reversed.counts) return;
    this.standings.changed(reversed.counts.groupId);
  }

  @Transactional()
  private async reverse(paymentId: string): Promise<{ counts: CreditedCounts | null; entryId: number; votes: number } | null> {
    const payment = await this.payments.markRefunded(paymentId);
    if (!payment) return null;
    const { entryId, votes } = payment;
    if (!payment.wasCredited) return { counts: null, entryId, votes };
    const counts = await this.votes.reversePaid({ paymentId: payment.id, entryId: payment.entryId, votes: payment.votes, userId: payment.userId });
    return { counts, entryId, votes };
  }
}
