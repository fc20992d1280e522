import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { CurrentContestStatus, JoinContestResponse } from '#contract/api-types.js';
import { joinedMessage } from '#contract/contest-schemas.js';
import { ContestEvents } from '../contests/contest-events.js';
import { ContestJoiner } from '../contests/contest-joiner.js';
import { EntriesRepository } from '../contests/entries.repository.js';

@Injectable()
export class JoinContestService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly joiner: ContestJoiner,
    private readonly entries: EntriesRepository,
    private readonly events: ContestEvents,
  ) {}

  /** POST /contestants/join-contest: the rules and the locking are ContestJoiner's; one transaction. */
  async join(userId: number, contestId: number): Promise<JoinContestResponse> {
    const { contest, group, entry } = await this.ds.transaction((em) => this.joiner.joinIn(em, userId, contestId));
    this.events.joined(group.id);
    return {
      message: joinedMessage(contest.name, group.groupNumber),
      entry_id: entry.id,
      contest_id: contest.id,
      group_id: group.id,
      group_number: group.groupNumber,
    };
  }

  /** GET /contestants/current-contest: in a contest that has not ended (the same test as joining uses). */
  async status(userId: number): Promise<CurrentContestStatus> {
    return { is_in_contest: await this.entries.isInOpenContest(this.ds.manager, userId) };
  }
}
