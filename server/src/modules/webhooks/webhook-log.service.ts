import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { WEBHOOK_MESSAGES } from '#contract/webhooks/messages.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { PRUNE_WEBHOOK_LOG, type PruneWebhookLogJob } from './webhook-jobs.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** Deliveries deleted per statement, and statements per sweep: a sweep is bounded, the next one goes on. */
const PRUNE_BATCH = 1000;
const PRUNE_BATCHES = 100;
/** A sweep every hour, or every tenth of the retention when that is shorter. */
const SWEEP_MAX_MS = 3600_000;

/** The time between two sweeps for a retention of `retentionSeconds`. */
export const sweepEveryMs = (retentionSeconds: number): number => Math.min(SWEEP_MAX_MS, Math.ceil((retentionSeconds * 1000) / 10));

/**
 * What the webhook log keeps, and for how long. Deliveries (their bodies and attempts) older than
 * WEBHOOK_LOG_RETENTION are deleted by a `prune-webhook-log` job per time slot on the webhooks queue:
 * each job queues the next slot first, so a failed sweep does not end the chain, and a process that runs
 * jobs queues the next slot at start-up (the slot's job id keeps it to one). A sweep run twice deletes
 * nothing more. An erased account's events are redacted in the erasure's own transaction.
 */
@Injectable()
export class WebhookLogService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Empties the body of every delivery whose event concerns the account (by its id or its entries' ids)
   * and stops those not yet sent; run inside the erasure's transaction. Answers how many.
   */
  forgetAccount(userId: number): Promise<number> {
    return this.repository.redactConcerning(userId, WEBHOOK_MESSAGES.withdrawn);
  }

  /** Deletes the deliveries older than the retention, a bounded number of batches; answers how many went. */
  async prune(): Promise<number> {
    let removed = 0;
    for (let i = 0; i < PRUNE_BATCHES; i++) {
      const n = await this.repository.pruneOlderThan(this.config.webhookLogRetentionSeconds, PRUNE_BATCH);
      removed += n;
      if (n < PRUNE_BATCH) break;
    }
    return removed;
  }

  /** Queues the sweep of the slot after `now` (a no-op when it is queued already). */
  scheduleNext(now = Date.now()): Promise<void> {
    const every = sweepEveryMs(this.config.webhookLogRetentionSeconds);
    const slot = Math.floor(now / every) * every + every;
    return this.queue.add(PRUNE_WEBHOOK_LOG, { slot }, { jobId: `prune-webhook-log:${slot}`, runAt: new Date(slot) });
  }

  @OnJob(PRUNE_WEBHOOK_LOG)
  async handlePrune({ slot }: PruneWebhookLogJob): Promise<void> {
    // After this job's own slot even when this clock is behind the queue's: the chain never stops on itself.
    await this.scheduleNext(Math.max(Date.now(), slot + 1));
    const removed = await this.prune();
    if (removed) this.logger.log(`Webhook log: ${removed} deliveries older than ${this.config.WEBHOOK_LOG_RETENTION} deleted`);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runsWorkers) return;
    try {
      await this.scheduleNext();
    } catch (err) {
      this.logger.warn(`Could not queue the next webhook log sweep: ${(err as Error).message}`);
    }
  }
}
