import { defineJob, defineQueue } from '#server/infra/queue/jobs.js';

/** Account erasures run one at a time, apart from the votes and the mail. */
export const ACCOUNTS_QUEUE = defineQueue({ name: 'accounts', concurrency: 1 });

/** The erasure of one account whose owner asked for it, queued to run when the grace period ends. */
export interface EraseAccountJob {
  userId: number;
  /** The deletion's due time (epoch ms) when it was asked: a cancelled or asked-again deletion does not match. */
  dueAt: number;
}

export const ERASE_ACCOUNT = defineJob<EraseAccountJob>({ name: 'erase-account', queue: ACCOUNTS_QUEUE });

/** One look for overdue erasures (UserDeletionService), for one time slot of ACCOUNT_ERASURE_SWEEP_EVERY. */
export interface SweepOverdueErasuresJob {
  /** The slot's start (epoch ms): one job per slot, however many processes queue it. */
  slot: number;
}

export const SWEEP_OVERDUE_ERASURES = defineJob<SweepOverdueErasuresJob>({ name: 'sweep-overdue-erasures', queue: ACCOUNTS_QUEUE });
