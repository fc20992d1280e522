import { Global, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { REDIS } from '#server/infra/infra.module.js';
import { RedisStandingsStore } from './redis-standings-store.js';
import { StandingsBroadcaster } from './standings-broadcaster.js';
import { StandingsRepository } from './standings.repository.js';
import { StandingsService } from './standings.service.js';
import { PostgresStandingsStore, StandingsStore } from './standings-store.js';

/**
 * Group standings: the ranking rule, the live counts (Redis sorted sets in scaled mode) and the
 * coalesced pushes. Global, because votes, leaderboards, profiles and admin eliminations all use it.
 */
@Global()
@Module({
  providers: [
    StandingsRepository,
    StandingsService,
    StandingsBroadcaster,
    {
      provide: StandingsStore,
      inject: [REDIS, APP_CONFIG],
      useFactory: (redis: Redis | null, config: AppConfig) => (redis ? new RedisStandingsStore(redis, config.REDIS_PREFIX) : new PostgresStandingsStore()),
    },
  ],
  exports: [StandingsService, StandingsBroadcaster, StandingsStore],
})
export class StandingsModule {}
