/** The `credit-payment` job: a paid payment's votes go to the ledger and counters, once (its id is the job id). */
export interface CreditPaymentJob {
  paymentId: string;
}

/** The `refund-payment` job: a refund or lost dispute takes a credited payment's votes back out, once. */
export interface RefundPaymentJob {
  paymentId: string;
  reason: 'refund' | 'dispute';
}
