import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { WATCH_CONTESTS, type WatchContestsJob } from './contest-jobs.js';
import { ContestWatch } from './contest-watch.service.js';

/**
 * Runs each slot's look at the running contests. The next slot is queued first, so a look that fails
 * does not end the chain; a process that runs jobs queues the next slot at start-up, which restarts
 * it after a restart or a lost job (the slot's job id keeps it to one).
 */
@Injectable()
export class ContestWatchHandler implements OnApplicationBootstrap {
  private readonly logger = new Logger('ContestWatch');

  constructor(
    private readonly watch: ContestWatch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob(WATCH_CONTESTS)
  async handle({ slot }: WatchContestsJob): Promise<void> {
    // After this job's own slot even when this clock is behind the queue's: the chain never stops on itself.
    await this.watch.scheduleNext(Math.max(Date.now(), slot + 1));
    await this.watch.run();
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runsWorkers) return;
    try {
      await this.watch.scheduleNext();
    } catch (err) {
      this.logger.warn(`Could not queue the look at running contests: ${(err as Error).message}`);
    }
  }
}
