// The votes module's queues. Other modules' jobs may run on them (this file is part of what the module
// offers): a payment's credit and refund write the vote ledger as a count does, on VOTES_QUEUE.
import { defineQueue } from '#server/infra/queue/jobs.js';

/**
 * The jobs that write the vote ledger. Each counting job carries a batch of votes, and the jobs that
 * run together are counted in one transaction: in scaled mode a worker takes up to 64 at once, so
 * when a backlog builds up its transactions grow (to COUNT_BATCH_MAX votes) rather than fall behind;
 * with no backlog a job runs alone as soon as it arrives.
 */
export const VOTES_QUEUE = defineQueue({ name: 'votes', concurrency: 64 });

/** Scoring reads a window of the ledger: on its own queue, one at a time, it never takes a counting job's place. */
export const REVIEW_QUEUE = defineQueue({ name: 'review', concurrency: 1 });
