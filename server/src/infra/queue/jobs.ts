// Every job by name with its payload type (immich habit): a handler is found by name, and start-up
// fails if a job has no handler or two.
export enum JobName {
  SendEmail = 'send-email',
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface JobPayloads {
  [JobName.SendEmail]: EmailMessage;
}

export type QueueName = 'mail' | 'votes' | 'payments';

export const JOB_QUEUE: Record<JobName, QueueName> = {
  [JobName.SendEmail]: 'mail',
};

export interface AddJobOptions {
  /** Fixed id derived from the work; a second add with the same id is a no-op while the first is kept. */
  jobId?: string;
}

export type JobHandler<N extends JobName = JobName> = (payload: JobPayloads[N]) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };

export const JOB_ATTEMPTS = 5;
export const JOB_BACKOFF_MS = 1000;

/** The queue adapter: BullMQ on Redis in scaled mode, an in-process runner otherwise. */
export abstract class JobQueue {
  abstract add<N extends JobName>(name: N, payload: JobPayloads[N], options?: AddJobOptions): Promise<void>;
  /** Start processing with these handlers (only in processes that run workers). */
  abstract startWorkers(handlers: JobHandlers): Promise<void>;
  /** Stop taking jobs and wait for the running ones. */
  abstract close(): Promise<void>;
}
