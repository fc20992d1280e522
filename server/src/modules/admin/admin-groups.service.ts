import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { ContestGroup } from '#contract/api-types.js';
import { CONTEST_MESSAGES, GROUP_ADMIN_MESSAGES } from '#contract/contest-schemas.js';
import { detailError } from '#server/common/errors.js';
import { toContestGroup } from '../contests/contest.mapper.js';
import { ContestsRepository } from '../contests/contests.repository.js';
import { GroupCapacity } from '../contests/group-capacity.js';
import { GroupsRepository } from '../contests/groups.repository.js';

const contestNotFound = () => detailError(HttpStatus.NOT_FOUND, CONTEST_MESSAGES.notFound);
const groupNotFound = () => detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.groupNotFound);

/** The admin's group calls: list a contest's groups, add one, switch one on or off. */
@Injectable()
export class AdminGroupsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly contests: ContestsRepository,
    private readonly groups: GroupsRepository,
    private readonly capacity: GroupCapacity,
  ) {}

  async page(contestId: number, skip: number, limit?: number): Promise<{ items: ContestGroup[]; total: number }> {
    const contest = await this.contests.findById(this.ds.manager, contestId);
    if (!contest) throw contestNotFound();
    const [rows, total] = await this.groups.page(this.ds.manager, contestId, skip, limit);
    return { items: rows.map((g) => toContestGroup(g, contest, this.capacity)), total };
  }

  /** The next group number; under the contest lock, so it cannot collide with a join that makes a group. */
  async create(contestId: number): Promise<ContestGroup> {
    return this.ds.transaction(async (em) => {
      const contest = await this.contests.lockById(em, contestId);
      if (!contest) throw contestNotFound();
      return toContestGroup(await this.groups.insertNext(em, contestId), contest, this.capacity);
    });
  }

  /** An inactive group keeps its contestants and gets no new ones (placement skips it). */
  async setActive(groupId: number, isActive: boolean): Promise<ContestGroup> {
    return this.ds.transaction(async (em) => {
      const group = await this.groups.findById(em, groupId);
      const contest = group && (await this.contests.findById(em, group.contestId));
      if (!group || !contest) throw groupNotFound();
      await this.groups.setActive(em, groupId, isActive);
      return toContestGroup({ ...group, isActive }, contest, this.capacity);
    });
  }
}
