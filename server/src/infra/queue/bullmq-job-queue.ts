import { Logger } from '@nestjs/common';
import { DelayedError, Queue, Worker, type ConnectionOptions, type Job } from 'bullmq';
import {
  declaredQueues,
  JOB_ATTEMPTS,
  JOB_BACKOFF_MS,
  JobQueue,
  outageRetryDelayMs,
  type AddJobOptions,
  type FailedJob,
  type FailedJobs,
  type JobDefinition,
  type JobHandler,
  type QueueDefinition,
  type QueueStats,
} from './jobs.js';
import { isOutage, isRedisUnavailable } from './outage-errors.js';

const PENDING_DELAYED_SCAN = 1000;

/** BullMQ refuses custom ids with one ':' (they look like its repeatable-job ids): `a:b` is stored as `a.b`. */
export const bullJobId = (jobId: string) => jobId.replaceAll(':', '.');

/** Redis connections: the producer's fails fast (a request waits on add()); BullMQ's workers need one that waits. */
export interface BullMqConnections {
  /** Queues (add, the admin's reads): bounded retries and a short command timeout. */
  producer: ConnectionOptions;
  /** Workers: `maxRetriesPerRequest: null`, as BullMQ requires for its blocking connection. */
  worker: ConnectionOptions;
}

export interface BullMqJobQueueOptions {
  attempts?: number;
  /** First retry's delay; each next one doubles. */
  backoffMs?: number;
  /** How long a worker's lock on a running job lasts (BullMQ renews it at half that while the job runs). */
  lockDurationMs?: number;
  /** How often workers look for jobs whose worker died (their lock lapsed). */
  stalledIntervalMs?: number;
  /** First wait of a job postponed by an outage; each next one doubles, up to five times that. */
  outageRetryMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function toFailedJob(queue: string, job: Job): FailedJob {
  return {
    id: job.id ?? '',
    queue,
    name: job.name,
    // A job added with a fixed id carries it (with '.' for ':', see bullJobId); BullMQ numbers the others.
    key: job.opts.jobId ?? null,
    attempts: job.attemptsMade,
    error: job.failedReason || null,
    failedAt: job.finishedOn ? new Date(job.finishedOn) : null,
    createdAt: new Date(job.timestamp),
  };
}

/** Scaled mode: BullMQ queues on Redis; any worker process may take a job, at least once. */
export class BullMqJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private closed = false;
  /** An outage postpones jobs: logged when the first is postponed and when a job next succeeds. */
  private waitingOutOutage = false;

  constructor(
    private readonly connections: BullMqConnections,
    private readonly prefix: string,
    private readonly options: BullMqJobQueueOptions = {},
  ) {
    super();
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, {
        connection: this.connections.producer,
        prefix: this.prefix,
        defaultJobOptions: {
          attempts: this.options.attempts ?? JOB_ATTEMPTS,
          backoff: { type: 'exponential', delay: this.options.backoffMs ?? JOB_BACKOFF_MS },
          // Done jobs leave at once (the work's own tables keep what happened); failed ones stay a week.
          removeOnComplete: true,
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      });
      // Its connection's outages are logged by the process's Redis clients; anything else is logged here.
      q.on('error', (err) => {
        if (!isRedisUnavailable(err)) this.logger.error(`Queue ${name}: ${err.message}`);
      });
      this.queues.set(name, q);
    }
    return q;
  }

  // One job per call: a caller that batches its work puts the batch in one job itself.
  async add<Payload>(job: JobDefinition<Payload>, payload: NoInfer<Payload>, options: AddJobOptions = {}): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    const delay = options.runAt ? Math.max(0, options.runAt.getTime() - Date.now()) : 0;
    const added = await this.queue(job.queue.name).add(job.name, payload, {
      ...(options.jobId ? { jobId: bullJobId(options.jobId) } : {}),
      ...(delay > 0 ? { delay } : {}),
    });
    // A job id already stored is kept as it is, unless that job failed for good: then it starts again
    // from its first attempt (another process may have done so first).
    if (options.jobId && (await added.isFailed())) {
      await added.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }).catch(async (err: unknown) => {
        if (await added.isFailed()) throw err;
      });
    }
  }

  /** HGETALL of the job's hash on the queue's one connection, the one add() writes through. */
  async exists(job: JobDefinition<unknown>, jobId: string): Promise<boolean> {
    return (await this.queue(job.queue.name).getJob(bullJobId(jobId))) !== undefined;
  }

  /** BullMQ's counts of every declared queue, and its oldest waiting job's age. */
  async stats(): Promise<QueueStats[]> {
    return Promise.all(
      declaredQueues().map(async (name) => {
        const queue = this.queue(name);
        const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed');
        const [oldest] = await queue.getJobs(['waiting', 'prioritized'], 0, 0, true);
        return {
          queue: name,
          waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
          delayed: counts.delayed ?? 0,
          running: counts.active ?? 0,
          failed: counts.failed ?? 0,
          oldestWaitingSeconds: oldest ? Math.max(0, (Date.now() - oldest.timestamp - (oldest.opts.delay ?? 0)) / 1000) : 0,
        };
      }),
    );
  }

  /**
   * Waiting jobs leave in the order they came, so the head of the line is the oldest (but for a retry
   * back in line, which joins at the end). Running jobs are few (the workers' concurrency); delayed
   * ones are scheduled jobs and retries, looked at up to a thousand (more: pending).
   */
  async pendingBefore(definition: QueueDefinition, before: Date): Promise<boolean> {
    const queue = this.queue(definition.name);
    const added = (jobs: (Job | undefined)[]) => jobs.some((job) => job && job.timestamp < before.getTime());
    const [oldest, active, delayed, delayedCount] = await Promise.all([
      queue.getJobs(['waiting', 'prioritized'], 0, 0, true),
      queue.getJobs(['active']),
      queue.getJobs(['delayed'], 0, PENDING_DELAYED_SCAN - 1),
      queue.getDelayedCount(),
    ]);
    return added(oldest) || added(active) || added(delayed) || delayedCount > PENDING_DELAYED_SCAN;
  }

  /** Each declared queue's newest failed jobs (BullMQ keeps them a week), merged newest first. */
  async failed(limit: number): Promise<FailedJobs> {
    const perQueue = await Promise.all(
      declaredQueues().map(async (name) => {
        const queue = this.queue(name);
        const [jobs, total] = await Promise.all([queue.getJobs(['failed'], 0, limit - 1, false), queue.getFailedCount()]);
        return { jobs: jobs.filter(Boolean).map((job) => toFailedJob(name, job)), total };
      }),
    );
    const jobs = perQueue
      .flatMap((q) => q.jobs)
      .sort((a, b) => (b.failedAt?.getTime() ?? 0) - (a.failedAt?.getTime() ?? 0))
      .slice(0, limit);
    return { jobs, total: perQueue.reduce((sum, q) => sum + q.total, 0) };
  }

  async retryFailed(queue: string, id: string): Promise<FailedJob | null> {
    return this.changeFailed(queue, id, (job) => job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }));
  }

  async discardFailed(queue: string, id: string): Promise<FailedJob | null> {
    return this.changeFailed(queue, id, (job) => job.remove());
  }

  /** Runs `change` on the failed job `id` of `queue`; null when that queue holds no failed job of that id. */
  private async changeFailed(queue: string, id: string, change: (job: Job) => Promise<unknown>): Promise<FailedJob | null> {
    if (!declaredQueues().includes(queue)) return null;
    const job = await this.queue(queue).getJob(id);
    if (!job || !(await job.isFailed())) return null;
    const before = toFailedJob(queue, job);
    try {
      await change(job);
    } catch (err) {
      // Another admin or process retried or removed it first: it is no longer a failed job here.
      if (!(await job.isFailed())) return null;
      throw err;
    }
    return before;
  }

  /** One worker per queue of the handlers' jobs, with that queue's concurrency. */
  async startWorkers(handlers: readonly JobHandler[]): Promise<void> {
    const byName = new Map(handlers.map((handler) => [handler.job.name, handler]));
    const queues = new Map(handlers.map(({ job }) => [job.queue.name, job.queue]));
    for (const queue of queues.values()) {
      const worker = new Worker(
        queue.name,
        async (job, token) => {
          // Found by name, not by queue: a job still waiting on a queue its kind has since left still runs.
          const handler = byName.get(job.name);
          if (!handler) throw new Error(`No handler for job ${job.name}`);
          try {
            await handler.run(job.data);
          } catch (err) {
            // An outage is no fault of the job: it waits and runs again, and no attempt is used up.
            if (!isOutage(err)) throw err;
            await this.postpone(job, token, err as Error);
            throw new DelayedError();
          }
          if (this.waitingOutOutage) {
            this.waitingOutOutage = false;
            this.logger.log('Jobs run again: the outage that postponed them has passed');
          }
        },
        // A job whose worker died is "stalled" and handed to another worker; allow that more than
        // BullMQ's default once, so two crashes in a row do not fail a job.
        {
          connection: this.connections.worker,
          prefix: this.prefix,
          concurrency: queue.concurrency,
          maxStalledCount: 5,
          ...(this.options.lockDurationMs ? { lockDuration: this.options.lockDurationMs } : {}),
          ...(this.options.stalledIntervalMs ? { stalledInterval: this.options.stalledIntervalMs } : {}),
        },
      );
      worker.on('failed', (job, err) => this.logger.warn(`Job ${job?.name} ${job?.id} failed: ${err.message}`));
      // Redis outages are logged by the process's Redis clients, once; anything else is logged here.
      worker.on('error', (err) => {
        if (!isRedisUnavailable(err)) this.logger.error(`Worker error on ${queue.name}: ${err.message}`);
      });
      this.workers.push(worker);
    }
  }

  /**
   * Moves a job an outage stopped back to the delayed set, without counting an attempt. While Redis
   * itself is down that move waits for it; should the job's lock lapse meanwhile, BullMQ's stalled-job
   * check has already put it back in line, and it is left there.
   */
  private async postpone(job: Job, token: string | undefined, err: Error): Promise<void> {
    // Starts that used no attempt: the postponements so far.
    const postponed = Math.max(0, job.attemptsStarted - job.attemptsMade - 1);
    const delay = outageRetryDelayMs(postponed, this.options.outageRetryMs);
    if (!this.waitingOutOutage) {
      this.waitingOutOutage = true;
      this.logger.warn(`Jobs wait for an outage to pass, trying again every few seconds: ${err.message}`);
    }
    for (;;) {
      try {
        await job.moveToDelayed(Date.now() + delay, token);
        return;
      } catch (moveErr) {
        if (!isRedisUnavailable(moveErr) || this.closed) return;
        await sleep(Math.min(delay, 1000));
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
  }
}
