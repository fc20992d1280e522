import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { GroupContestants } from '#contract/api-types.js';
import { GROUP_ADMIN_MESSAGES } from '#contract/contest-schemas.js';
import { detailError } from '#server/common/errors.js';
import { toContestGroup, toEntryItem } from '../contests/contest.mapper.js';
import { ContestsRepository } from '../contests/contests.repository.js';
import { EntriesRepository } from '../contests/entries.repository.js';
import { GroupCapacity } from '../contests/group-capacity.js';
import { GroupsRepository } from '../contests/groups.repository.js';

/** GET /groups/{groupId}/contestants: the admin group page (spec 001 §2 Admin group contestants). */
@Injectable()
export class GroupContestantsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly contests: ContestsRepository,
    private readonly groups: GroupsRepository,
    private readonly entries: EntriesRepository,
    private readonly capacity: GroupCapacity,
  ) {}

  async contestants(groupId: number): Promise<GroupContestants> {
    // One snapshot, so the count and the list agree even while contestants join.
    return this.ds.transaction('REPEATABLE READ', async (em) => {
      const group = await this.groups.findById(em, groupId);
      const contest = group && (await this.contests.findById(em, group.contestId));
      if (!group || !contest) throw detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.groupNotFound);
      const rows = await this.entries.groupItems(em, groupId);
      return { ...toContestGroup(group, contest, this.capacity), contestant_entries: rows.map(toEntryItem) };
    });
  }
}
