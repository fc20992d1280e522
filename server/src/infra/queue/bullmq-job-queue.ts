import { Logger } from '@nestjs/common';
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import {
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  JOB_CONCURRENCY,
  JOB_QUEUE,
  JobQueue,
  type AddJobOptions,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type QueueName,
} from './jobs.js';

/** BullMQ refuses custom ids with one ':' (they look like its repeatable-job ids): `votes:<id>` is stored as `votes.<id>`. */
export const bullJobId = (jobId: string) => jobId.replaceAll(':', '.');

export interface BullMqJobQueueOptions {
  attempts?: number;
  /** First retry's delay; each next one doubles. */
  backoffMs?: number;
  /** How long a worker's lock on a running job lasts (BullMQ renews it at half that while the job runs). */
  lockDurationMs?: number;
  /** How often workers look for jobs whose worker died (their lock lapsed). */
  stalledIntervalMs?: number;
}

/** Scaled mode: BullMQ queues on Redis; any worker process may take a job, at least once. */
export class BullMqJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<QueueName, Queue>();
  private readonly workers: Worker[] = [];
  private closed = false;

  constructor(
    private readonly connection: ConnectionOptions,
    private readonly prefix: string,
    private readonly options: BullMqJobQueueOptions = {},
  ) {
    super();
  }

  private queue(name: QueueName): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: {
          attempts: this.options.attempts ?? JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.options.backoffMs ?? JOB_BACKOFF_MS },
          // Done jobs leave at once (the work's own tables keep what happened); failed ones stay a week.
          removeOnComplete: true,
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      });
      this.queues.set(name, q);
    }
    return q;
  }

  // Votes accepted together already share one job (VotesService), so each add is one call here.
  async add<N extends JobName>(name: N, payload: JobPayloads[N], options: AddJobOptions = {}): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    await this.queue(JOB_QUEUE[name]).add(name, payload, options.jobId ? { jobId: bullJobId(options.jobId) } : {});
  }

  async startWorkers(handlers: JobHandlers): Promise<void> {
    const names = [...new Set(Object.values(JOB_QUEUE))];
    for (const queueName of names) {
      const worker = new Worker(
        queueName,
        async (job) => {
          const handler = handlers[job.name as JobName] as ((p: unknown) => Promise<void>) | undefined;
          if (!handler) throw new Error(`No handler for job ${job.name}`);
          await handler(job.data);
        },
        // A job whose worker died is "stalled" and handed to another worker; allow that more than
        // BullMQ's default once, so two crashes in a row do not fail an accepted vote.
        {
          connection: this.connection,
          prefix: this.prefix,
          concurrency: JOB_CONCURRENCY[queueName],
          maxStalledCount: 5,
          ...(this.options.lockDurationMs ? { lockDuration: this.options.lockDurationMs } : {}),
          ...(this.options.stalledIntervalMs ? { stalledInterval: this.options.stalledIntervalMs } : {}),
        },
      );
      worker.on('failed', (job, err) => this.logger.warn(`Job ${job?.name} ${job?.id} failed: ${err.message}`));
      worker.on('error', (err) => this.logger.error(`Worker error on ${queueName}: ${err.message}`));
      this.workers.push(worker);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
  }
}
