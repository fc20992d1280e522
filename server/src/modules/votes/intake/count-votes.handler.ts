import { Injectable } from '@nestjs/common';
import { MicroBatcher } from '#server/common/micro-batcher.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { Metrics } from '#server/infra/metrics/metrics.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { StandingsService } from '#server/modules/standings/standings.service.js';
import type { AcceptedVote, CountVotesJob } from './vote-job.types.js';
import { COUNT_VOTES } from './vote-jobs.js';
import { VotesRepository } from './votes.repository.js';

/**
 * A counting batch starts this long after its first vote arrived (when none is running): under a
 * steady stream the worker commits fewer, larger batches and wakes less often, leaving the CPU to
 * the api processes, for 10 ms more between a vote and its live event (target: well under 150 ms).
 */
export const COUNT_LINGER_MS = 10;

/** Most votes counted in one transaction: a backlog of jobs is counted in batches this large. */
export const COUNT_BATCH_MAX = 2_000;

/**
 * Counting free votes, the last step of a vote's way (docs/architecture.md#a-free-votes-way), by a worker (BullMQ in scaled mode, the
 * PostgreSQL job runner otherwise). A job carries the votes an api process accepted together, and
 * the votes of jobs that run at the same time are counted together: one transaction per batch, and
 * the groups' watchers get one tally per tick (live-tallies.ts), so a busy contest costs far less
 * than a transaction and an event per vote. A job completes only once all its votes are committed.
 * Delivery is at least once; the ledger's primary key (the vote id) makes a repeat count nothing,
 * and everything after the commit carries absolute counts, so repeating it is harmless too.
 */
@Injectable()
export class CountVotesHandler {
  private readonly batcher = new MicroBatcher<AcceptedVote>((votes) => this.count(votes), { lingerMs: COUNT_LINGER_MS, maxSize: COUNT_BATCH_MAX });

  constructor(
    private readonly votes: VotesRepository,
    private readonly standings: StandingsService,
    private readonly metrics: Metrics,
  ) {}

  @OnJob(COUNT_VOTES)
  async handle({ votes }: CountVotesJob): Promise<void> {
    await Promise.all(votes.map((vote) => this.batcher.add(vote)));
  }

  /** One batch: recorded in one transaction, then, once committed, each of its groups tallied at the next tick. */
  private async count(votes: AcceptedVote[]): Promise<void> {
    this.metrics.votesCountedAdd(await this.record(votes));
    for (const groupId of new Set(votes.map((v) => v.groupId))) this.standings.changed(groupId);
  }

  /**
   * Decision 007: lock the batch's entries, then its profiles, each in id order (so batches of
   * different workers never deadlock), write the ledger rows and add only the new ones to the
   * counters, all in one transaction. Entries deleted since their votes were accepted count nothing.
   */
  @Transactional()
  private async record(votes: readonly AcceptedVote[]): Promise<number> {
    const unique = [...new Map(votes.map((v) => [v.voteId, v])).values()];
    const entryIds = [...new Set(unique.map((v) => v.entryId))];
    await this.votes.lockInIdOrder(entryIds, [...new Set(unique.map((v) => v.profileId))]);
    return this.votes.record(unique);
  }
}
