import type { JobName } from '#server/infra/queue/jobs.js';

/** The `credit-payment` job: a paid payment's votes go to the ledger and counters, once (its id is the job id). */
export interface CreditPaymentJob {
  paymentId: string;
}

/** The `refund-payment` job: a refund or lost dispute takes a credited payment's votes back out, once. */
export interface RefundPaymentJob {
  paymentId: string;
  reason: 'refund' | 'dispute';
}

// The queue's typed job map learns the payload here, beside its handler, not in infra/.
declare module '#server/infra/queue/jobs.js' {
  interface JobPayloads {
    [JobName.CreditPayment]: CreditPaymentJob;
    [JobName.RefundPayment]: RefundPaymentJob;
  }
}
