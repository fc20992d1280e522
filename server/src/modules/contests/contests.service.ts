import { HttpStatus, Injectable } from '@nestjs/common';
import type { CompletedContest, Contest } from '#contract/contests/answers.js';
import type { MessageResponse } from '#contract/common/answers.js';
import { CONTEST_MESSAGES, CONTEST_SERVER_MESSAGES } from '#contract/contests/messages.js';
import type { ContestPatch, ContestValues as ContestInput } from '#contract/contests/requests.js';
import { detailError, ValidationFailed } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import type { AuditValues } from '#server/modules/audit/audit.types.js';
import { ContestCategoriesService } from './contest-categories.service.js';
import { ContestEvents } from './contest-events.js';
import { ContestRoundsService, type RoundsPlan } from './contest-rounds.service.js';
import { contestAuditValues, roundsAuditText, toContest } from './contest.mapper.js';
import { ContestsRepository, type ContestValues } from './contests.repository.js';
import type { ContestEntity } from './entities/contest.entity.js';
import { GroupCapacity } from './group-capacity.js';
import { GroupsRepository } from './groups.repository.js';

/** The rounds an audit entry records when a create or an edit set them. */
const roundsAudit = (plan: RoundsPlan): AuditValues => (plan.open ? { rounds: roundsAuditText(plan.open.rounds) } : {});

/** The competitions page shows this many completed contests. */
const COMPLETED_SHOWN = 6;

const notFound = () => detailError(HttpStatus.NOT_FOUND, CONTEST_MESSAGES.notFound);
const toDate = (value: string | null) => (value ? new Date(value) : null);

/** Contests: the contestant's list, the admin's contest calls (/admin/...) and the current contest. */
@Injectable()
export class ContestsService {
  constructor(
    private readonly contests: ContestsRepository,
    private readonly groups: GroupsRepository,
    private readonly capacity: GroupCapacity,
    private readonly events: ContestEvents,
    private readonly audit: AuditService,
    private readonly rounds: ContestRoundsService,
    private readonly categories: ContestCategoriesService,
  ) {}

  /** GET /contests/all-contests: what /active-contests offers (active, not ended). */
  async joinable(): Promise<Contest[]> {
    return this.toContests(await this.contests.listJoinable());
  }

  /** GET /contests/completed: the latest contests that named their winners, for the competitions page. */
  async completed(): Promise<CompletedContest[]> {
    const rows = await this.contests.completed(COMPLETED_SHOWN);
    const winners = await this.rounds.winnersOf(rows.map((r) => r.contest.id));
    return rows.map(({ contest, contestants, groups }) => ({
      id: contest.id,
      name: contest.name,
      description: contest.description,
      start_date: contest.startDate.toISOString(),
      end_date: contest.endDate?.toISOString() ?? null,
      time_zone: contest.timeZone,
      contestants,
      groups,
      winners: winners.get(contest.id) ?? [],
    }));
  }

  /** The contest marked current, if any. */
  current(): Promise<ContestEntity | null> {
    return this.contests.findCurrent();
  }

  async page(skip: number, limit: number): Promise<{ items: Contest[]; total: number }> {
    const [rows, total] = await this.contests.page(skip, limit);
    return { items: await this.toContests(rows), total };
  }

  async get(id: number): Promise<Contest> {
    const contest = await this.contests.findById(id);
    if (!contest) throw notFound();
    return (await this.toContests([contest]))[0];
  }

  /** Made current: the previous current contest is unset in the same transaction. */
  async create(actorId: number, input: ContestInput): Promise<Contest> {
    const id = await this.insert(actorId, input);
    if (input.rounds?.length) await this.rounds.scheduleContest(id);
    return this.answerAndAnnounce(id, false);
  }

  /**
   * Partial update. The end must follow the start as stored after the change; a group size may
   * not drop below a group's contestants; is_current true unsets the other current contest, and
   * is_current false is allowed (the site then has no current contest until one is set).
   */
  async update(actorId: number, id: number, patch: ContestPatch): Promise<Contest> {
    const wasCurrent = await this.applyPatch(actorId, id, patch);
    if (patch.rounds?.length) await this.rounds.scheduleContest(id);
    return this.answerAndAnnounce(id, wasCurrent);
  }

  async remove(actorId: number, id: number): Promise<MessageResponse> {
    const deleted = await this.deleteLocked(actorId, id);
    this.events.contestChanged(deleted, deleted.isCurrent, { rounds: [], current: null }, true);
    return { message: CONTEST_MESSAGES.deleted };
  }

  /** The contest and its audit entry commit together or not at all. */
  @Transactional()
  private async insert(actorId: number, input: ContestInput): Promise<number> {
    if (input.is_current) await this.makeRoomForCurrent(null);
    const startDate = new Date(input.start_date);
    const rounds = await this.rounds.plan(
      null,
      { startDate, endDate: null, winners: 0 },
      { rounds: input.rounds, winners: input.winners, endDate: toDate(input.end_date) },
    );
    const values: ContestValues = {
      name: input.name,
      description: input.description,
      startDate,
      endDate: rounds.endDate,
      winners: rounds.winners,
      timeZone: input.time_zone ?? 'UTC',
      carryVotes: input.carry_votes ?? true,
      isActive: input.is_active,
      isCurrent: input.is_current,
      groupSizeCap: input.group_size_cap,
      voteChallenge: input.vote_challenge ?? null,
      categories: input.categories ?? null,
    };
    const contest = await this.contests.insert(values);
    await this.rounds.store(contest.id, rounds);
    await this.audit.record({
      actorId,
      action: 'contest.create',
      targetType: 'contest',
      targetId: contest.id,
      before: null,
      after: { ...contestAuditValues(contest), ...roundsAudit(rounds) },
    });
    return contest.id;
  }

  /** Answers whether the contest was current before the change. */
  @Transactional()
  private async applyPatch(actorId: number, id: number, patch: ContestPatch): Promise<boolean> {
    const previousCurrent = patch.is_current ? await this.makeRoomForCurrent(id) : null;
    // Locked: joins into this contest wait, so the group-size check below stays true until commit.
    const contest = await this.contests.lockById(id);
    if (!contest) throw notFound();
    const changes = this.changes(patch);
    const storedRounds = patch.rounds === undefined ? null : roundsAuditText(await this.rounds.ofContestRows(id));
    const rounds = await this.rounds.plan(
      id,
      { startDate: changes.startDate ?? contest.startDate, endDate: contest.endDate, winners: contest.winners },
      {
        rounds: patch.rounds,
        winners: patch.winners,
        endDate: patch.end_date === undefined ? undefined : toDate(patch.end_date),
        carryVotesChanged: changes.carryVotes !== undefined && changes.carryVotes !== contest.carryVotes,
      },
    );
    if (rounds.endDate?.getTime() !== contest.endDate?.getTime()) changes.endDate = rounds.endDate;
    if (rounds.winners !== contest.winners) changes.winners = rounds.winners;
    this.checkDates({ ...contest, ...changes });
    if (patch.group_size_cap !== undefined) await this.checkGroupSize(contest, patch.group_size_cap);
    await this.contests.update(id, changes);
    await this.rounds.store(id, rounds);
    const before: AuditValues = { ...contestAuditValues(contest), ...(storedRounds === null ? {} : { rounds: storedRounds }) };
    const after: AuditValues = { ...contestAuditValues({ ...contest, ...changes }), ...roundsAudit(rounds) };
    if (patch.is_current && !contest.isCurrent) {
      // Making a contest current also unsets the one that was: the entry names both.
      before.current_contest_id = previousCurrent;
      after.current_contest_id = id;
      await this.audit.record({ actorId, action: 'contest.set_current', targetType: 'contest', targetId: id, before, after });
    } else {
      await this.audit.record({ actorId, action: 'contest.update', targetType: 'contest', targetId: id, before, after });
    }
    return contest.isCurrent;
  }

  @Transactional()
  private async deleteLocked(actorId: number, id: number): Promise<ContestEntity> {
    const contest = await this.contests.lockById(id);
    if (!contest) throw notFound();
    await this.contests.delete(id);
    await this.audit.record({ actorId, action: 'contest.delete', targetType: 'contest', targetId: id, before: contestAuditValues(contest), after: null });
    return contest;
  }

  /** After commit: the answer, and the live update for countdowns and pages showing the contest. */
  private async answerAndAnnounce(id: number, wasCurrent: boolean): Promise<Contest> {
    const contest = await this.contests.findById(id);
    if (!contest) throw notFound(); // deleted by another admin in between
    const [answer] = await this.toContests([contest]);
    this.events.contestChanged(contest, wasCurrent, { rounds: answer.rounds, current: answer.current_round });
    return answer;
  }

  /** Contest answers with their group counts, in one query for the counts. */
  private async toContests(rows: ContestEntity[]): Promise<Contest[]> {
    const ids = rows.map((c) => c.id);
    const [counts, rounds, winners, siteCategories] = await Promise.all([
      this.contests.groupCounts(ids),
      this.rounds.ofContests(rows),
      this.rounds.winnersOf(ids),
      this.categories.ofSite(),
    ]);
    return rows.map((c) =>
      toContest(c, this.capacity, counts.get(c.id) ?? 0, rounds.get(c.id) ?? { rounds: [], current: null }, winners.get(c.id) ?? [], siteCategories),
    );
  }

  /** The switch lock first (as create takes it), then the old current contest is unset; answers its id. */
  private async makeRoomForCurrent(id: number | null): Promise<number | null> {
    await this.contests.lockCurrentSwitch();
    return this.contests.unsetCurrentExcept(id);
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
    if (patch.vote_challenge !== undefined) changes.voteChallenge = patch.vote_challenge;
    if (patch.time_zone !== undefined) changes.timeZone = patch.time_zone;
    if (patch.carry_votes !== undefined) changes.carryVotes = patch.carry_votes;
    if (patch.categories !== undefined) changes.categories = patch.categories;
    return changes;
  }

  /** The schema checks the dates sent together; this checks them against the stored ones too. */
  private checkDates(after: Pick<ContestEntity, 'startDate' | 'endDate'>): void {
    if (after.endDate && after.endDate.getTime() <= after.startDate.getTime()) {
      throw new ValidationFailed([{ loc: ['body', 'end_date'], msg: CONTEST_MESSAGES.endAfterStart, type: 'value_error.custom' }]);
    }
  }

  private async checkGroupSize(contest: ContestEntity, groupSizeCap: number | null): Promise<void> {
    const capacity = this.capacity.of({ groupSizeCap });
    const fullest = await this.groups.fullest(contest.id);
    if (fullest && fullest.currentContestantsCount > capacity) {
      throw detailError(HttpStatus.BAD_REQUEST, CONTEST_SERVER_MESSAGES.capBelowCount(capacity, fullest.groupNumber, fullest.currentContestantsCount));
    }
  }
}
