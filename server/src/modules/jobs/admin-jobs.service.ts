import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { ADMIN_JOB_MESSAGES } from '#contract/jobs/messages.js';
import { FAILED_JOBS_SHOWN } from '#contract/jobs/constants.js';
import type { AdminJobsOverview, FailedJobItem, JobActionResult } from '#contract/jobs/answers.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { detailError } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { declaredJobs, JobQueue, type FailedJob } from '#server/infra/queue/jobs.js';
import { AuditService } from '#server/modules/audit/audit.service.js';

/**
 * The admin's view of the background work, in either mode through the JobQueue adapter: each queue's
 * counts, the failed jobs, and the retry or discard of one (recorded in the audit log).
 */
@Injectable()
export class AdminJobsService {
  constructor(
    private readonly queue: JobQueue,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async overview(): Promise<AdminJobsOverview> {
    const [stats, failed] = await Promise.all([this.queue.stats(), this.queue.failed(FAILED_JOBS_SHOWN)]);
    const kinds = declaredJobs();
    return {
      // The same choice as the queue adapter's: Redis configured means BullMQ.
      mode: this.config.REDIS_URL ? 'bullmq' : 'postgres',
      queues: stats.map((s) => ({
        queue: s.queue,
        kinds: kinds.filter((job) => job.queue.name === s.queue).map((job) => job.name),
        waiting: s.waiting,
        delayed: s.delayed,
        running: s.running,
        failed: s.failed,
        oldest_waiting_seconds: Math.round(s.oldestWaitingSeconds * 10) / 10,
      })),
      failed: failed.jobs.map(toItem),
      failed_total: failed.total,
    };
  }

  /**
   * One transaction with the audit entry: the PostgreSQL queue's change joins it, so the two commit or
   * roll back together; BullMQ's is made on Redis first, and the entry follows.
   */
  @Transactional()
  async retry(actorId: number, queue: string, id: string): Promise<JobActionResult> {
    const job = await this.recorded(actorId, 'job.retry', queue, id, () => this.queue.retryFailed(queue, id));
    return { job, state: 'waiting' };
  }

  @Transactional()
  async discard(actorId: number, queue: string, id: string): Promise<JobActionResult> {
    const job = await this.recorded(actorId, 'job.discard', queue, id, () => this.queue.discardFailed(queue, id));
    return { job, state: 'discarded' };
  }

  private async recorded(
    actorId: number,
    action: 'job.retry' | 'job.discard',
    queue: string,
    id: string,
    change: () => Promise<FailedJob | null>,
  ): Promise<FailedJobItem> {
    const job = await change();
    if (!job) throw detailError(HttpStatus.NOT_FOUND, ADMIN_JOB_MESSAGES.gone);
    const item = toItem(job);
    await this.audit.record({
      actorId,
      action,
      targetType: 'job',
      targetId: null,
      before: { queue: item.queue, job_id: item.id, kind: item.kind, key: item.key, attempts: item.attempts, error: item.error?.slice(0, 500) ?? null },
      after: action === 'job.retry' ? { state: 'waiting' } : null,
    });
    return item;
  }
}

function toItem(job: FailedJob): FailedJobItem {
  return {
    id: job.id,
    queue: job.queue,
    kind: job.name,
    key: job.key,
    attempts: job.attempts,
    error: job.error,
    failed_at: job.failedAt?.toISOString() ?? null,
    created_at: job.createdAt.toISOString(),
  };
}
