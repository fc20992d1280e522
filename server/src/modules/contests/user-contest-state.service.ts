import { Injectable } from '@nestjs/common';
import { StandingsService } from '#server/modules/standings/standings.service.js';
import { UserContestLookup, type UserContestState } from '#server/modules/users/user-contest.types.js';
import { VoteOfferService } from '#server/modules/vote-packages/vote-offer.service.js';
import { EntriesRepository } from './entries.repository.js';

/** A user's contest part (GET /users/me, public profiles): every entry, and the current contest's entry (and its vote offer) for the profile. */
@Injectable()
export class UserContestStateService extends UserContestLookup {
  constructor(
    private readonly entries: EntriesRepository,
    private readonly standings: StandingsService,
    private readonly offers: VoteOfferService,
  ) {
    super();
  }

  async forUser(userId: number): Promise<UserContestState> {
    const rows = await this.entries.ofUser(userId);
    const current = rows.find((r) => r.is_current) ?? null;
    return {
      entries: rows.map((r) => ({
        id: r.id,
        contest_id: r.contest_id,
        group_id: r.group_id,
        current_contest_votes: r.current_contest_votes,
        is_eliminated: r.is_eliminated,
        joined_at: r.joined_at.toISOString(),
      })),
      profile: {
        activeContestEntry: current && {
          id: current.id,
          contest_id: current.contest_id,
          group_id: current.group_id,
          current_contest_votes: current.current_contest_votes,
          paid_votes: current.paid_votes,
          is_eliminated: current.is_eliminated,
          winner_place: current.winner_place,
        },
        // The rank its group's leaderboard shows (one ranking rule: standings/ranking.ts).
        currentPositionInGroup: current ? await this.standings.positionOf(current.group_id, current.id) : null,
        isEliminated: current?.is_eliminated ?? false,
        voteOffer: current ? await this.offers.forContest(current.contest_id) : null,
      },
    };
  }
}
