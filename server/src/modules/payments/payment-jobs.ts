// The payments module's jobs, added through PaymentsService and run by its handlers. They write the
// vote ledger, so they run on the votes module's ledger queue.
import { defineJob } from '#server/infra/queue/jobs.js';
import { VOTES_QUEUE } from '#server/modules/votes/votes.queues.js';
import type { CreditPaymentJob, RefundPaymentJob } from './payment-job.types.js';

/** A paid payment's votes credited once, or its money given back (CreditPaymentHandler). */
export const CREDIT_PAYMENT = defineJob<CreditPaymentJob>({ name: 'credit-payment', queue: VOTES_QUEUE });

/** A refund or lost dispute: a credited payment's votes taken back once (RefundPaymentHandler). */
export const REFUND_PAYMENT = defineJob<RefundPaymentJob>({ name: 'refund-payment', queue: VOTES_QUEUE });
