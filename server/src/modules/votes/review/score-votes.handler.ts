import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import type { ScoreVotesJob } from '../intake/vote-job.types.js';
import { SCORE_VOTES } from '../intake/vote-jobs.js';
import { VoteReviewService } from './vote-review.service.js';

/**
 * Scores the running contest's recent free votes once per VOTE_REVIEW_INTERVAL. Every process that
 * runs workers queues the interval's job under one id (`score-votes:<slot>`), so however many
 * workers run, each slot is scored once while its job is kept, and a repeat writes the same flags.
 */
@Injectable()
export class ScoreVotesHandler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('VoteReview');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly review: VoteReviewService,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob(SCORE_VOTES)
  async handle({ at }: ScoreVotesJob): Promise<void> {
    await this.review.score(new Date(at));
  }

  onApplicationBootstrap(): void {
    if (!this.config.runsWorkers) return;
    const intervalMs = this.config.voteReviewIntervalSeconds * 1000;
    this.timer = setInterval(() => void this.schedule(intervalMs), intervalMs);
    this.timer.unref();
  }

  /** Stops scheduling before the queue closes. */
  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async schedule(intervalMs: number): Promise<void> {
    const at = new Date(Math.floor(Date.now() / intervalMs) * intervalMs).toISOString();
    try {
      await this.queue.add(SCORE_VOTES, { at }, { jobId: `score-votes:${at}` });
    } catch (err) {
      // The next interval tries again; a missed scoring only delays a flag.
      this.logger.warn(`Could not queue the vote scoring for ${at}: ${(err as Error).message}`);
    }
  }
}
