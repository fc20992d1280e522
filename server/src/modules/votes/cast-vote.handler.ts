import { Injectable } from '@nestjs/common';
import { rooms } from '../../../../contract/events.js';
import { OnJob } from '../../infra/queue/job-handler.decorator.js';
import { JobName, type CastVotePayload } from '../../infra/queue/jobs.js';
import { RealtimePublisher } from '../../infra/realtime/realtime-publisher.js';
import { StandingsBroadcaster } from '../standings/standings-broadcaster.js';
import { StandingsStore } from '../standings/standings-store.js';
import { VotesRepository } from './votes.repository.js';

/**
 * DESIGN.md "Data flow of a free vote", step 4, run by a worker (BullMQ in scaled mode, the
 * PostgreSQL job runner otherwise). Delivery is at least once; the ledger's primary key (the vote
 * id) makes a repeat count nothing, and everything after the commit writes absolute counts, so
 * repeating it is harmless too.
 */
@Injectable()
export class CastVoteHandler {
  constructor(
    private readonly votes: VotesRepository,
    private readonly store: StandingsStore,
    private readonly realtime: RealtimePublisher,
    private readonly broadcaster: StandingsBroadcaster,
  ) {}

  @OnJob(JobName.CastVote)
  async handle(vote: CastVotePayload): Promise<void> {
    const recorded = await this.votes.record(vote);
    if (!recorded) return; // the entry was deleted after the vote was accepted
    await this.store.recordVotes(vote.groupId, vote.entryId, recorded.entryVotes);
    this.realtime.send([rooms.contestant(vote.username), rooms.group(vote.groupId)], 'votes', {
      username: vote.username,
      profile_id: vote.profileId,
      entry_id: vote.entryId,
      current_contest_votes: recorded.entryVotes,
      total_votes: recorded.totalVotes,
    });
    this.broadcaster.changed(vote.groupId);
  }
}
