// Votes travel in batches (docs/decisions/008), at three points:
//   1. votes.service.ts — the votes an api process takes together are claimed together and go to the
//      queue as one `count-votes` job (MicroBatcher, at most VOTES_PER_JOB), each answered once its job
//      is stored; claims and job succeed or fail together (VoteLimiter.claim, docs/decisions/024);
//   2. the limiters — a batch's 24-hour claims are one statement (PostgreSQL) or one script call (Redis);
//   3. count-votes.handler.ts — the jobs a worker runs at the same time are counted in one transaction,
//      then each changed group tallied once per tick for its watchers (StandingsService.changed, live-tallies.ts).
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { REDIS } from '#server/infra/infra.module.js';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { StandingsModule } from '#server/modules/standings/standings.module.js';
import { AdminVoteHistoryController } from './admin-vote-history.controller.js';
import { AdminVoteReviewController } from './admin-vote-review.controller.js';
import { AdminVotesController } from './admin-votes.controller.js';
import { AdminVotesRepository } from './admin-votes.repository.js';
import { AdminVotesService } from './admin-votes.service.js';
import { CountVotesHandler } from './count-votes.handler.js';
import { PostgresVoteLimiter } from './postgres-vote-limiter.js';
import { RedisVoteLimiter } from './redis-vote-limiter.js';
import { ScoreVotesHandler } from './score-votes.handler.js';
import { VoteChallengeController } from './vote-challenge.controller.js';
import { VoteChallenges } from './vote-challenges.js';
import { VoteClaimsRepository } from './vote-claims.repository.js';
import { VoteLimiter } from './vote-limiter.js';
import { VoteTargets } from './vote-targets.js';
import { VoteHistoryRepository } from './vote-history.repository.js';
import { VoteHistoryService } from './vote-history.service.js';
import { VoteReviewRepository } from './vote-review.repository.js';
import { VoteReviewService } from './vote-review.service.js';
import { VoterKeys } from './voter-keys.js';
import { VotesController } from './votes.controller.js';
import { VotesRepository } from './votes.repository.js';
import { VotesService } from './votes.service.js';

/** Free votes: the call, the 24-hour limiter (PostgreSQL or Redis) and the job that counts them; the admin's ledger export and suspicious-vote review. */
@Module({
  imports: [StandingsModule, AuditModule],
  controllers: [VotesController, VoteChallengeController, AdminVotesController, AdminVoteReviewController, AdminVoteHistoryController],
  providers: [
    VotesService,
    AdminVotesService,
    AdminVotesRepository,
    VoteHistoryService,
    VoteHistoryRepository,
    VotesRepository,
    VoteClaimsRepository,
    VoteTargets,
    VoterKeys,
    CountVotesHandler,
    VoteReviewService,
    VoteReviewRepository,
    VoteChallenges,
    ScoreVotesHandler,
    {
      provide: VoteLimiter,
      inject: [VoteClaimsRepository, REDIS, APP_CONFIG],
      useFactory: (claims: VoteClaimsRepository, redis: Redis | null, config: AppConfig) =>
        redis ? new RedisVoteLimiter(redis, config.REDIS_PREFIX) : new PostgresVoteLimiter(claims),
    },
  ],
  // Paid votes (payments module) use the same rules and the same ledger; a contestant's own account lists the voids of their votes.
  exports: [VotesService, VoteReviewService],
})
export class VotesModule {}
