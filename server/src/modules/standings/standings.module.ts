import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { REDIS } from '#server/infra/infra.module.js';
import { clusterLink } from '#server/infra/cluster/cluster-ipc.js';
import { ClusterStandingsChanges, LocalStandingsChanges, RedisStandingsChanges, StandingsChanges } from './standings-changes.js';
import { StandingsRepository } from './standings.repository.js';
import { StandingsService } from './standings.service.js';
import { WebhooksModule } from '#server/modules/webhooks/webhooks.module.js';

/**
 * Group standings: the ranking rule, the leaderboards (PostgreSQL's committed counts, read at most
 * once per group per tick) and their live updates. Imported by the modules that read or change
 * standings (votes, groups' leaderboards, contests' profile positions and eliminations); the service
 * is offered, and the port by which a group's change reaches every process (StandingsChanges: one
 * adapter per way processes are laid out; in scaled mode Redis, in a clustered start the primary's
 * relay, else this process alone).
 */
@Module({
  imports: [WebhooksModule],
  providers: [
    StandingsRepository,
    StandingsService,
    {
      provide: StandingsChanges,
      inject: [REDIS, APP_CONFIG],
      useFactory: (redis: Redis | null, config: AppConfig) => {
        if (redis) return new RedisStandingsChanges(redis, config.REDIS_PREFIX, config.LIVE_TICK_MS);
        const link = clusterLink();
        return link ? new ClusterStandingsChanges(link, config.LIVE_TICK_MS) : new LocalStandingsChanges(config.LIVE_TICK_MS);
      },
    },
  ],
  exports: [StandingsService, StandingsChanges],
})
export class StandingsModule {}
