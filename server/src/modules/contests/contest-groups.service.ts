import { HttpStatus, Injectable } from '@nestjs/common';
import type { ContestGroup, GroupContestants } from '#contract/contests/answers.js';
import { CONTEST_MESSAGES, GROUP_ADMIN_MESSAGES } from '#contract/contests/messages.js';
import { detailError } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { groupAuditValues, toContestGroup } from './contest.mapper.js';
import { ContestsRepository } from './contests.repository.js';
import { EntriesRepository } from './entries.repository.js';
import { GroupCapacity } from './group-capacity.js';
import { GroupsRepository } from './groups.repository.js';

const contestNotFound = () => detailError(HttpStatus.NOT_FOUND, CONTEST_MESSAGES.notFound);
const groupNotFound = () => detailError(HttpStatus.NOT_FOUND, GROUP_ADMIN_MESSAGES.groupNotFound);

/** A contest's groups: the admin's group calls (list, add, switch on or off) and the admin group page. */
@Injectable()
export class ContestGroupsService {
  constructor(
    private readonly contests: ContestsRepository,
    private readonly groups: GroupsRepository,
    private readonly entries: EntriesRepository,
    private readonly capacity: GroupCapacity,
    private readonly audit: AuditService,
  ) {}

  async page(contestId: number, skip: number, limit?: number): Promise<{ items: ContestGroup[]; total: number }> {
    const contest = await this.contests.findById(contestId);
    if (!contest) throw contestNotFound();
    const [rows, total] = await this.groups.page(contestId, skip, limit);
    return { items: rows.map((g) => toContestGroup(g, contest, this.capacity)), total };
  }

  /** The next group number; under the contest lock, so it cannot collide with a join that makes a group. */
  @Transactional()
  async create(actorId: number, contestId: number): Promise<ContestGroup> {
    const contest = await this.contests.lockById(contestId);
    if (!contest) throw contestNotFound();
    const group = await this.groups.insertNext(contestId);
    await this.audit.record({ actorId, action: 'group.create', targetType: 'group', targetId: group.id, before: null, after: groupAuditValues(group) });
    return toContestGroup(group, contest, this.capacity);
  }

  /** An inactive group keeps its contestants and gets no new ones (placement skips it). */
  @Transactional()
  async setActive(actorId: number, groupId: number, isActive: boolean): Promise<ContestGroup> {
    const group = await this.groups.findById(groupId);
    const contest = group && (await this.contests.findById(group.contestId));
    if (!group || !contest) throw groupNotFound();
    await this.groups.setActive(groupId, isActive);
    const [before, after] = [groupAuditValues(group), groupAuditValues({ ...group, isActive })];
    await this.audit.record({ actorId, action: 'group.update', targetType: 'group', targetId: groupId, before, after });
    return toContestGroup({ ...group, isActive }, contest, this.capacity);
  }

  /** GET /groups/{groupId}/contestants: the admin group page. */
  // One snapshot, so the count and the list agree even while contestants join.
  @Transactional({ isolationLevel: 'REPEATABLE READ' })
  async contestants(groupId: number): Promise<GroupContestants> {
    const group = await this.groups.findById(groupId);
    const contest = group && (await this.contests.findById(group.contestId));
    if (!group || !contest) throw groupNotFound();
    const items = await this.entries.groupItems(groupId);
    return { ...toContestGroup(group, contest, this.capacity), contestant_entries: items };
  }
}
