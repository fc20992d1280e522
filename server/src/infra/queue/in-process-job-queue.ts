import { Logger } from '@nestjs/common';
import { JOB_ATTEMPTS, JOB_BACKOFF_MS, JobQueue, type AddJobOptions, type JobHandlers, type JobName, type JobPayloads } from './jobs.js';

interface Pending {
  name: JobName;
  payload: unknown;
  jobId?: string;
  attempt: number;
}

/**
 * One-process mode: runs the same handlers in this process, with retries and back-off.
 * Jobs live in memory; a crash loses queued mail (scaled mode keeps them in Redis).
 */
export class InProcessJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private handlers: JobHandlers | null = null;
  private readonly waiting: Pending[] = [];
  private readonly ids = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly backoffMs = JOB_BACKOFF_MS) {
    super();
  }

  async add<N extends JobName>(name: N, payload: JobPayloads[N], options: AddJobOptions = {}): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    if (options.jobId) {
      if (this.ids.has(options.jobId)) return;
      this.ids.add(options.jobId);
    }
    this.schedule({ name, payload, jobId: options.jobId, attempt: 1 }, 0);
  }

  async startWorkers(handlers: JobHandlers): Promise<void> {
    this.handlers = handlers;
    for (const job of this.waiting.splice(0)) this.schedule(job, 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(job: Pending, delay: number): void {
    if (!this.handlers) {
      this.waiting.push(job);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const run = this.run(job).finally(() => this.running.delete(run));
      this.running.add(run);
    }, delay);
    this.timers.add(timer);
  }

  private async run(job: Pending): Promise<void> {
    const handler = this.handlers![job.name] as (p: unknown) => Promise<void>;
    try {
      await handler(job.payload);
      if (job.jobId) this.ids.delete(job.jobId);
    } catch (err) {
      if (job.attempt >= JOB_ATTEMPTS || this.closed) {
        this.logger.error(`Job ${job.name} failed for good after ${job.attempt} attempts: ${(err as Error).message}`);
        if (job.jobId) this.ids.delete(job.jobId);
        return;
      }
      this.logger.warn(`Job ${job.name} failed (attempt ${job.attempt}), retrying: ${(err as Error).message}`);
      this.schedule({ ...job, attempt: job.attempt + 1 }, this.backoffMs * 2 ** (job.attempt - 1));
    }
  }
}
