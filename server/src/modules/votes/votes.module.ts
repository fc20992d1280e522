import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { REDIS } from '#server/infra/infra.module.js';
import { CountVotesHandler } from './count-votes.handler.js';
import { RedisVoteLimiter } from './redis-vote-limiter.js';
import { PostgresVoteLimiter, VoteLimiter } from './vote-limiter.js';
import { VoteTargets } from './vote-targets.js';
import { VoterKeys } from './voter-keys.js';
import { VotesController } from './votes.controller.js';
import { VotesRepository } from './votes.repository.js';
import { VotesService } from './votes.service.js';

/** Free votes: the call, the 24-hour limiter (PostgreSQL or Redis) and the job that counts them. */
@Module({
  controllers: [VotesController],
  providers: [
    VotesService,
    VotesRepository,
    VoteTargets,
    VoterKeys,
    CountVotesHandler,
    {
      provide: VoteLimiter,
      inject: [DataSource, REDIS, APP_CONFIG],
      useFactory: (ds: DataSource, redis: Redis | null, config: AppConfig) =>
        redis ? new RedisVoteLimiter(redis, config.REDIS_PREFIX) : new PostgresVoteLimiter(ds),
    },
  ],
})
export class VotesModule {}
