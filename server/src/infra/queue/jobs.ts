// Every job by name with its payload type (immich habit): a handler is found by name, and start-up
// fails if a job has no handler or two.
export enum JobName {
  SendEmail = 'send-email',
  CountVotes = 'count-votes',
  CreditPayment = 'credit-payment',
  RefundPayment = 'refund-payment',
  ScoreVotes = 'score-votes',
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes instead of MAIL_FROM (a support message's sender); nodemailer's Reply-To. */
  replyTo?: string;
}

/**
 * Every job's payload by name. A module adds its own jobs' payloads beside their handler, by module
 * augmentation (`declare module '#server/infra/queue/jobs.js' { interface JobPayloads { … } }`, e.g.
 * modules/votes/vote-job.types.ts): a job name without a payload type fails to compile.
 */
export interface JobPayloads {
  [JobName.SendEmail]: EmailMessage;
}

export type QueueName = 'mail' | 'votes' | 'review';

export const JOB_QUEUE: Record<JobName, QueueName> = {
  [JobName.SendEmail]: 'mail',
  [JobName.CountVotes]: 'votes',
  [JobName.CreditPayment]: 'votes',
  [JobName.RefundPayment]: 'votes',
  // Scoring reads a window of the ledger: on its own queue, it never takes a counting job's place.
  [JobName.ScoreVotes]: 'review',
};

export interface AddJobOptions {
  /** Fixed id derived from the work (`votes:<first vote id>`); a second add with the same id is a no-op while the first is kept. */
  jobId?: string;
  /**
   * Store the job in the database transaction open around this call (a `@Transactional()` method),
   * so that it commits or rolls back with that transaction's other writes; the runner sees it after
   * the commit. Only the PostgreSQL queue can: BullMQ stores on Redis at once, with or without it.
   */
  inTransaction?: boolean;
}

export type JobHandler<N extends JobName = JobName> = (payload: JobPayloads[N]) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

/**
 * Jobs a worker process runs at once, per queue. Each vote job carries a batch of votes, and the
 * jobs that run together are counted in one transaction: a few at once keep the database busy.
 */
export const JOB_CONCURRENCY: Record<QueueName, number> = { mail: 8, votes: 16, review: 1 };

export const JOB_ATTEMPTS = 5;
export const JOB_BACKOFF_MS = 1000;

/** The queue adapter: BullMQ on Redis in scaled mode, a PostgreSQL-backed runner in this process otherwise. */
export abstract class JobQueue {
  /** Resolves once the job is durably stored (a committed row, or written to Redis); rejects otherwise. */
  abstract add<N extends JobName>(name: N, payload: JobPayloads[N], options?: AddJobOptions): Promise<void>;
  /** Start processing with these handlers (only in processes that run workers). */
  abstract startWorkers(handlers: JobHandlers): Promise<void>;
  /** Stop taking jobs and wait for the running ones (PgJobQueue first drains the jobs already due, for a bounded time). */
  abstract close(): Promise<void>;
}
