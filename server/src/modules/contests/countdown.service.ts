import { HttpStatus, Injectable } from '@nestjs/common';
import type { ContestCountdown } from '#contract/contests/answers.js';
import { CONTEST_MESSAGES } from '#contract/contests/messages.js';
import { detailError } from '#server/common/errors.js';
import { ContestRoundsService } from './contest-rounds.service.js';
import { ContestsService } from './contests.service.js';

/** GET /admin/current-contest/countdown: public, for the profile and vote pages' countdown. */
@Injectable()
export class CountdownService {
  constructor(
    private readonly contests: ContestsService,
    private readonly rounds: ContestRoundsService,
  ) {}

  async current(): Promise<ContestCountdown> {
    const contest = await this.contests.current();
    if (!contest) throw detailError(HttpStatus.NOT_FOUND, CONTEST_MESSAGES.noCurrent);
    const rounds = (await this.rounds.ofContests([contest])).get(contest.id)!;
    return {
      id: contest.id,
      contest_name: contest.name,
      start_date: contest.startDate.toISOString(),
      end_date: contest.endDate?.toISOString() ?? null,
      is_active: contest.isActive,
      // Clients correct their clock with it, so every viewer's countdown ends at the same moment.
      server_time: new Date().toISOString(),
      time_zone: contest.timeZone,
      rounds: rounds.rounds,
      current_round: rounds.current,
      carry_votes: contest.carryVotes,
    };
  }
}
