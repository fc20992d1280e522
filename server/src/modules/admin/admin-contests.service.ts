import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Contest, MessageResponse } from '#contract/api-types.js';
import { CONTEST_MESSAGES, CONTEST_SERVER_MESSAGES, type ContestPatch, type ContestValues as ContestInput } from '#contract/contest-schemas.js';
import { detailError, ValidationFailed } from '#server/common/errors.js';
import { ContestEvents } from '../contests/contest-events.js';
import { ContestsRepository, type ContestValues } from '../contests/contests.repository.js';
import { ContestsService } from '../contests/contests.service.js';
import type { ContestEntity } from '../contests/entities/contest.entity.js';
import { GroupCapacity } from '../contests/group-capacity.js';
import { GroupsRepository } from '../contests/groups.repository.js';

const notFound = () => detailError(HttpStatus.NOT_FOUND, CONTEST_MESSAGES.notFound);
const toDate = (value: string | null) => (value ? new Date(value) : null);

/** The admin's contest calls (spec 001 §7, /admin/...). */
@Injectable()
export class AdminContestsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly contests: ContestsRepository,
    private readonly groups: GroupsRepository,
    private readonly contestAnswers: ContestsService,
    private readonly capacity: GroupCapacity,
    private readonly events: ContestEvents,
  ) {}

  async page(skip: number, limit: number): Promise<{ items: Contest[]; total: number }> {
    const [rows, total] = await this.contests.page(this.ds.manager, skip, limit);
    return { items: await this.contestAnswers.toContests(rows), total };
  }

  async get(id: number): Promise<Contest> {
    const contest = await this.contests.findById(this.ds.manager, id);
    if (!contest) throw notFound();
    return (await this.contestAnswers.toContests([contest]))[0];
  }

  /** Made current: the previous current contest is unset in the same transaction. */
  async create(input: ContestInput): Promise<Contest> {
    const id = await this.ds.transaction(async (em) => {
      if (input.is_current) await this.makeRoomForCurrent(em, null);
      const values: ContestValues = {
        name: input.name,
        description: input.description,
        startDate: new Date(input.start_date),
        endDate: toDate(input.end_date),
        isActive: input.is_active,
        isCurrent: input.is_current,
        groupSizeCap: input.group_size_cap,
      };
      return (await this.contests.insert(em, values)).id;
    });
    return this.answerAndAnnounce(id, false);
  }

  /**
   * Partial update. The end must follow the start as stored after the change; a group size may
   * not drop below a group's contestants; is_current true unsets the other current contest, and
   * is_current false is allowed (the site then has no current contest until one is set).
   */
  async update(id: number, patch: ContestPatch): Promise<Contest> {
    const wasCurrent = await this.ds.transaction(async (em) => {
      if (patch.is_current) await this.makeRoomForCurrent(em, id);
      // Locked: joins into this contest wait, so the group-size check below stays true until commit.
      const contest = await this.contests.lockById(em, id);
      if (!contest) throw notFound();
      const changes = this.changes(patch);
      this.checkDates({ ...contest, ...changes });
      if (patch.group_size_cap !== undefined) await this.checkGroupSize(em, contest, patch.group_size_cap);
      await this.contests.update(em, id, changes);
      return contest.isCurrent;
    });
    return this.answerAndAnnounce(id, wasCurrent);
  }

  async remove(id: number): Promise<MessageResponse> {
    const deleted = await this.ds.transaction(async (em) => {
      const contest = await this.contests.lockById(em, id);
      if (!contest) throw notFound();
      await this.contests.delete(em, id);
      return contest;
    });
    this.events.contestChanged(deleted, deleted.isCurrent, true);
    return { message: CONTEST_MESSAGES.deleted };
  }

  /** After commit: the answer, and the live update for countdowns and pages showing the contest. */
  private async answerAndAnnounce(id: number, wasCurrent: boolean): Promise<Contest> {
    const contest = await this.contests.findById(this.ds.manager, id);
    if (!contest) throw notFound(); // deleted by another admin in between
    this.events.contestChanged(contest, wasCurrent);
    return (await this.contestAnswers.toContests([contest]))[0];
  }

  /** The switch lock first (as create takes it), then the old current contest is unset. */
  private async makeRoomForCurrent(em: EntityManager, id: number | null): Promise<void> {
    await this.contests.lockCurrentSwitch(em);
    await this.contests.unsetCurrentExcept(em, id);
  }

  private changes(patch: ContestPatch): Partial<ContestValues> {
    const changes: Partial<ContestValues> = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.start_date !== undefined) changes.startDate = new Date(patch.start_date);
    if (patch.end_date !== undefined) changes.endDate = toDate(patch.end_date);
    if (patch.is_active !== undefined) changes.isActive = patch.is_active;
    if (patch.is_current !== undefined) changes.isCurrent = patch.is_current;
    if (patch.group_size_cap !== undefined) changes.groupSizeCap = patch.group_size_cap;
    return changes;
  }

  /** The schema checks the dates sent together; this checks them against the stored ones too. */
  private checkDates(after: Pick<ContestEntity, 'startDate' | 'endDate'>): void {
    if (after.endDate && after.endDate.getTime() <= after.startDate.getTime()) {
      throw new ValidationFailed([{ loc: ['body', 'end_date'], msg: CONTEST_MESSAGES.endAfterStart, type: 'value_error.custom' }]);
    }
  }

  private async checkGroupSize(em: EntityManager, contest: ContestEntity, groupSizeCap: number | null): Promise<void> {
    const capacity = this.capacity.of({ groupSizeCap });
    const fullest = await this.groups.fullest(em, contest.id);
    if (fullest && fullest.currentContestantsCount > capacity) {
      throw detailError(HttpStatus.BAD_REQUEST, CONTEST_SERVER_MESSAGES.capBelowCount(capacity, fullest.groupNumber, fullest.currentContestantsCount));
    }
  }
}
