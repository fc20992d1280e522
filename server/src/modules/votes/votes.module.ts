// Votes travel in batches (docs/decisions/008), at three points:
//   1. intake/votes.service.ts — the votes an api process takes together are claimed together and go to the
//      queue as one `count-votes` job (MicroBatcher, at most VOTES_PER_JOB), each answered once its job
//      is stored; claims and job succeed or fail together (VoteLimiter.claim, docs/decisions/024);
//   2. the limiters — a batch's 24-hour claims are one statement (PostgreSQL) or one script call (Redis);
//   3. intake/count-votes.handler.ts — the jobs a worker runs at the same time are counted in one transaction,
//      then each changed group tallied once per tick for its watchers (StandingsService.changed, live-tallies.ts).
import { Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { REDIS } from '#server/infra/infra.module.js';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { StandingsModule } from '#server/modules/standings/standings.module.js';
import { AdminVoteHistoryController } from './history/admin-vote-history.controller.js';
import { AdminVotesController } from './history/admin-votes.controller.js';
import { AdminVotesRepository } from './history/admin-votes.repository.js';
import { AdminVotesService } from './history/admin-votes.service.js';
import { VoteHistoryController } from './history/vote-history.controller.js';
import { VoteHistoryRepository } from './history/vote-history.repository.js';
import { VoteHistoryService } from './history/vote-history.service.js';
import { CountVotesHandler } from './intake/count-votes.handler.js';
import { PostgresVoteLimiter } from './intake/postgres-vote-limiter.js';
import { RedisVoteLimiter } from './intake/redis-vote-limiter.js';
import { VoteClaimsRepository } from './intake/vote-claims.repository.js';
import { VoteLimiter } from './intake/vote-limiter.js';
import { VoteTargets } from './intake/vote-targets.js';
import { VoterKeys } from './intake/voter-keys.js';
import { VotesController } from './intake/votes.controller.js';
import { VotesRepository } from './intake/votes.repository.js';
import { VotesService } from './intake/votes.service.js';
import { AdminVoteReviewController } from './review/admin-vote-review.controller.js';
import { ScoreVotesHandler } from './review/score-votes.handler.js';
import { VoteChallengeController } from './review/vote-challenge.controller.js';
import { VoteChallenges } from './review/vote-challenges.js';
import { VoteReviewRepository } from './review/vote-review.repository.js';
import { VoteReviewService } from './review/vote-review.service.js';
import { WebhooksModule } from '#server/modules/webhooks/webhooks.module.js';

/**
 * Votes, in three parts that share one ledger (the `votes` table) and so one Nest module:
 * - intake/: the free vote and its check, the 24-hour limiter (PostgreSQL or Redis), the job that
 *   counts votes, and the ledger's statements that paid votes use too;
 * - review/: suspicious-vote scoring, flags, the admin's voids and the proof-of-work challenge that
 *   flagged contestants' free votes ask for;
 * - history/: the public votes-over-time chart, the admin's group chart and the ledger's CSV export.
 * A part imports another's files with `../`; other modules use only the exported services.
 */
@Module({
  imports: [StandingsModule, AuditModule, WebhooksModule],
  controllers: [VotesController, VoteChallengeController, AdminVoteReviewController, VoteHistoryController, AdminVoteHistoryController, AdminVotesController],
  providers: [
    // intake
    VotesService,
    VotesRepository,
    VoteClaimsRepository,
    VoteTargets,
    VoterKeys,
    CountVotesHandler,
    {
      provide: VoteLimiter,
      inject: [VoteClaimsRepository, REDIS, APP_CONFIG],
      useFactory: (claims: VoteClaimsRepository, redis: Redis | null, config: AppConfig) =>
        redis ? new RedisVoteLimiter(redis, config.REDIS_PREFIX) : new PostgresVoteLimiter(claims),
    },
    // review
    VoteReviewService,
    VoteReviewRepository,
    VoteChallenges,
    ScoreVotesHandler,
    // history
    VoteHistoryService,
    VoteHistoryRepository,
    AdminVotesService,
    AdminVotesRepository,
  ],
  // Paid votes (payments module) use the same rules and the same ledger; a contestant's own account lists the voids of their votes.
  exports: [VotesService, VoteReviewService],
})
export class VotesModule {}
