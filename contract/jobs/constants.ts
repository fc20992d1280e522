// The admin jobs page's word lists: the queue modes, and how the page names the queues and job kinds.

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
