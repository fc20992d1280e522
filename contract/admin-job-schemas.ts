// The admin jobs page: the background work's queues as they stand, the jobs that failed every
// attempt, and the retry and discard of one of them. The answers' shapes are the schemas below.
import { z } from 'zod';

/** Failed jobs listed at most (newest first); the total says how many there are in all. */
export const FAILED_JOBS_SHOWN = 100;

/** Which queue runs the jobs: PostgreSQL rows in one process, BullMQ on Redis in scaled mode. */
export const JOB_QUEUE_MODES = ['postgres', 'bullmq'] as const;
export type JobQueueMode = (typeof JOB_QUEUE_MODES)[number];

/** How the page names the queues and job kinds it knows; others show by their own name. */
export const QUEUE_LABELS: Record<string, string> = {
  votes: 'Votes and payments',
  review: 'Vote review',
  contests: 'Contest rounds',
  mail: 'E-mail',
  backups: 'Backups',
};
export const JOB_KIND_LABELS: Record<string, string> = {
  'count-votes': 'Count votes',
  'credit-payment': 'Credit a payment',
  'refund-payment': 'Refund a payment',
  'score-votes': 'Score votes for review',
  'close-round': 'Cut a round',
  'watch-contests': 'Watch the contests',
  'round-mails': "A round's e-mails",
  'send-email': 'Send an e-mail',
  'scheduled-backup': 'Scheduled backup',
};

export const ADMIN_JOB_MESSAGES = {
  loadFailed: 'The job queues could not be loaded',
  noFailed: 'No failed jobs. Jobs that fail every attempt wait here for a retry or a discard.',
  gone: 'That job is no longer failed: it was retried or discarded meanwhile, or its queue dropped it',
  retried: 'The job is queued again and runs shortly',
  discarded: 'The job was discarded',
  retryFailed: 'The job could not be queued again',
  discardFailed: 'The job could not be discarded',
  unknownQueue: 'queue names no job queue',
} as const;

/** One queue as it stands: the kinds of job it runs and how many wait, are scheduled, run or failed. */
export const jobQueueSummarySchema = z.object({
  queue: z.string(),
  /** The job kinds this queue runs (its counts are theirs together). */
  kinds: z.array(z.string()),
  /** Due, waiting for a worker. */
  waiting: z.number().int(),
  /** Scheduled for later, or waiting for a retry. */
  delayed: z.number().int(),
  running: z.number().int(),
  /** Failed every attempt, kept. */
  failed: z.number().int(),
  /** How long the oldest waiting job has been due, in seconds (0: none waits). */
  oldest_waiting_seconds: z.number(),
});
export type JobQueueSummary = z.output<typeof jobQueueSummarySchema>;

/** A job that failed every attempt. Its payload is never shown: it may hold e-mails and sign-in links. */
export const failedJobItemSchema = z.object({
  /** With the queue, names the job for retry and discard. */
  id: z.string(),
  queue: z.string(),
  kind: z.string(),
  /** The fixed id it was added with (`<kind>:<what it is about>`), if any. */
  key: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  failed_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});
export type FailedJobItem = z.output<typeof failedJobItemSchema>;

/** GET /admin/jobs */
export const adminJobsOverviewSchema = z.object({
  mode: z.enum(JOB_QUEUE_MODES),
  queues: z.array(jobQueueSummarySchema),
  /** The newest FAILED_JOBS_SHOWN failed jobs of every queue, newest first. */
  failed: z.array(failedJobItemSchema),
  failed_total: z.number().int(),
});
export type AdminJobsOverview = z.output<typeof adminJobsOverviewSchema>;

/** POST /admin/jobs/{queue}/{id}/retry and DELETE /admin/jobs/{queue}/{id}: the job as it was, and what became of it. */
export const jobActionResultSchema = z.object({
  job: failedJobItemSchema,
  state: z.enum(['waiting', 'discarded']),
});
export type JobActionResult = z.output<typeof jobActionResultSchema>;
