// The admin jobs page: the background work's queues as they stand, the jobs that failed every attempt, and
// the retry and discard of one of them. The answers' shapes are the schemas below, named for the API document.
import { z } from 'zod';
import { named } from '../common/answers.js';
import { JOB_QUEUE_MODES } from './constants.js';

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

export const adminJobsOverviewAnswerSchema = named('AdminJobsOverview', adminJobsOverviewSchema);
export const jobActionResultAnswerSchema = named('JobActionResult', jobActionResultSchema);
