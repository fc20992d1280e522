import { Injectable } from '@nestjs/common';
import { rooms } from '#contract/events.js';
import { MicroBatcher } from '#server/common/micro-batcher.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { JobName, type AcceptedVote, type CountVotesPayload } from '#server/infra/queue/jobs.js';
import { RealtimePublisher } from '#server/infra/realtime/realtime-publisher.js';
import { StandingsBroadcaster } from '../standings/standings-broadcaster.js';
import { StandingsStore, type EntryVotes } from '../standings/standings-store.js';
import { VotesRepository } from './votes.repository.js';

/**
 * A counting batch starts this long after its first vote arrived (when none is running): under a
 * steady stream the worker commits fewer, larger batches and wakes less often, leaving the CPU to
 * the api processes, for 10 ms more between a vote and its live event (target: well under 150 ms).
 */
export const COUNT_LINGER_MS = 10;

/**
 * DESIGN.md "Data flow of a free vote", step 4, run by a worker (BullMQ in scaled mode, the
 * PostgreSQL job runner otherwise). A job carries the votes an api process accepted together, and
 * the votes of jobs that run at the same time are counted together: one transaction, one standings
 * write per group and one `votes` event per contestant per batch, so a busy contest costs far less
 * than a transaction and an event per vote. A job completes only once all its votes are committed.
 * Delivery is at least once; the ledger's primary key (the vote id) makes a repeat count nothing,
 * and everything after the commit writes absolute counts, so repeating it is harmless too.
 */
@Injectable()
export class CountVotesHandler {
  private readonly batcher = new MicroBatcher<AcceptedVote>((votes) => this.count(votes), { lingerMs: COUNT_LINGER_MS });

  constructor(
    private readonly votes: VotesRepository,
    private readonly store: StandingsStore,
    private readonly realtime: RealtimePublisher,
    private readonly broadcaster: StandingsBroadcaster,
  ) {}

  @OnJob(JobName.CountVotes)
  async handle({ votes }: CountVotesPayload): Promise<void> {
    await Promise.all(votes.map((vote) => this.batcher.add(vote)));
  }

  private async count(votes: AcceptedVote[]): Promise<void> {
    // Entries deleted since their votes were accepted are missing here: nothing to count or send.
    const counted = await this.votes.recordBatch(votes);
    const username = new Map(votes.map((v) => [v.entryId, v.username]));
    const byGroup = new Map<number, EntryVotes[]>();
    for (const c of counted) byGroup.set(c.groupId, [...(byGroup.get(c.groupId) ?? []), { id: c.entryId, votes: c.entryVotes }]);
    await Promise.all([...byGroup].map(([groupId, entries]) => this.store.recordVotes(groupId, entries)));
    for (const c of counted) {
      const name = username.get(c.entryId)!;
      this.realtime.send([rooms.contestant(name), rooms.group(c.groupId)], 'votes', {
        username: name,
        profile_id: c.profileId,
        entry_id: c.entryId,
        current_contest_votes: c.entryVotes,
        total_votes: c.totalVotes,
      });
    }
    for (const groupId of byGroup.keys()) this.broadcaster.changed(groupId);
  }
}
