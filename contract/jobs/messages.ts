// The admin jobs page's texts.

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
