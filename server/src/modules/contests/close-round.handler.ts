import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { CLOSE_ROUND, type CloseRoundJob } from './contest-jobs.js';
import { ContestRoundsService } from './contest-rounds.service.js';

/**
 * Runs each round's cut when its job falls due. A process that runs jobs also queues, at start-up,
 * the cut of every round still open: rounds stored before an upgrade, or whose job Redis lost, close
 * on time all the same (a job already queued is not queued twice).
 */
@Injectable()
export class CloseRoundHandler implements OnApplicationBootstrap {
  private readonly logger = new Logger('Rounds');

  constructor(
    private readonly rounds: ContestRoundsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @OnJob(CLOSE_ROUND)
  handle(job: CloseRoundJob): Promise<void> {
    return this.rounds.close(job);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runsWorkers) return;
    try {
      await this.rounds.scheduleOpen();
    } catch (err) {
      // Each edit queues its rounds' cuts too; the next start tries again.
      this.logger.warn(`Could not queue the open rounds' cuts: ${(err as Error).message}`);
    }
  }
}
