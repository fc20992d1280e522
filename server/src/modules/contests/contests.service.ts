import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Contest } from '#contract/api-types.js';
import { toContest } from './contest.mapper.js';
import { ContestsRepository } from './contests.repository.js';
import type { ContestEntity } from './entities/contest.entity.js';
import { GroupCapacity } from './group-capacity.js';

/** Contest reads shared by the contestant and admin calls. */
@Injectable()
export class ContestsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly contests: ContestsRepository,
    private readonly capacity: GroupCapacity,
  ) {}

  /** GET /contests/all-contests: what /active-contests offers (active, not ended). */
  async joinable(): Promise<Contest[]> {
    return this.toContests(await this.contests.listJoinable(this.ds.manager));
  }

  /** Contest answers with their group counts, in one query for the counts. */
  async toContests(rows: ContestEntity[]): Promise<Contest[]> {
    const counts = await this.contests.groupCounts(
      this.ds.manager,
      rows.map((c) => c.id),
    );
    return rows.map((c) => toContest(c, this.capacity, counts.get(c.id) ?? 0));
  }
}
