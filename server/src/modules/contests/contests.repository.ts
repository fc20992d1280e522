import { Injectable } from '@nestjs/common';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { VOTE_CHALLENGE_MODES, type VoteChallengeMode } from '#contract/votes/constants.js';
import { notEnded } from '#server/common/contest-time.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { currentContestId, queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { Contests } from '#server/infra/database/schema.js';
import { ContestEntity } from './entities/contest.entity.js';

/** Taken by every transaction that makes a contest current, so two of them cannot collide on the unique index. */
const CURRENT_SWITCH_LOCK = 727276; // 727274 migrations, 727275 seeding

export type ContestValues = Pick<
  ContestEntity,
  | 'name'
  | 'description'
  | 'startDate'
  | 'endDate'
  | 'isActive'
  | 'isCurrent'
  | 'groupSizeCap'
  | 'voteChallenge'
  | 'winners'
  | 'timeZone'
  | 'carryVotes'
  | 'categories'
>;

/** A contest's challenge mode as stored (a CHECK keeps it to the modes; the column's type is text). */
const isChallengeMode = (v: string | null): v is VoteChallengeMode => v !== null && (VOTE_CHALLENGE_MODES as readonly string[]).includes(v);

const toContest = (r: Selectable<Contests>): ContestEntity => ({
  id: r.id,
  name: r.name,
  description: r.description,
  startDate: r.start_date,
  endDate: r.end_date,
  isActive: r.is_active,
  isCurrent: r.is_current,
  groupSizeCap: r.group_size_cap,
  voteChallenge: isChallengeMode(r.vote_challenge) ? r.vote_challenge : null,
  winners: r.winners,
  timeZone: r.time_zone,
  carryVotes: r.carry_votes,
  categories: r.categories,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The columns of these values; a value left out (undefined) is not written. */
const columnsOf = (v: Partial<ContestValues>): Updateable<Contests> => ({
  name: v.name,
  description: v.description,
  start_date: v.startDate,
  end_date: v.endDate,
  is_active: v.isActive,
  is_current: v.isCurrent,
  group_size_cap: v.groupSizeCap,
  vote_challenge: v.voteChallenge,
  winners: v.winners,
  time_zone: v.timeZone,
  carry_votes: v.carryVotes,
  categories: v.categories,
});

/** The columns of a new contest (the ones the table requires always given). */
const newColumns = (v: ContestValues): Insertable<Contests> => ({ ...columnsOf(v), name: v.name, description: v.description, start_date: v.startDate });

/** count(*) as a number (PostgreSQL's bigint would come back as a string). */
const countAll = sql<number>`count(*)::int`;

/** Contest rows, read and written in the open transaction (or on the pool outside one). */
@Injectable()
export class ContestsRepository extends BaseRepository {
  @GenerateSql({ params: [1] })
  async findById(id: number): Promise<ContestEntity | null> {
    const row = await this.first(db.selectFrom('contests').selectAll().where('id', '=', id));
    return row ? toContest(row) : null;
  }

  /** SELECT ... FOR UPDATE: placements into a contest, and changes to its group size, run one at a time. */
  @GenerateSql({ params: [1] })
  async lockById(id: number): Promise<ContestEntity | null> {
    const row = await this.first(db.selectFrom('contests').selectAll().where('id', '=', id).forUpdate());
    return row ? toContest(row) : null;
  }

  @GenerateSql()
  async findCurrent(): Promise<ContestEntity | null> {
    const row = await this.first(db.selectFrom('contests').selectAll().where('id', '=', currentContestId()));
    return row ? toContest(row) : null;
  }

  /** Open for joining: active and not ended (upcoming ones included), soonest first; past its first cut it stays listed, and a join is refused. */
  @GenerateSql()
  async listJoinable(): Promise<ContestEntity[]> {
    const rows = await this.rows(
      db.selectFrom('contests as c').selectAll().where('c.is_active', '=', true).where(notEnded('c')).orderBy('c.start_date', 'asc').orderBy('c.id', 'asc'),
    );
    return rows.map(toContest);
  }

  /** Active contests that have started and not ended: the ones whose contestants are in a race now. */
  @GenerateSql()
  async listRunning(): Promise<ContestEntity[]> {
    const rows = await this.rows(
      db
        .selectFrom('contests as c')
        .selectAll()
        .where('c.is_active', '=', true)
        .where('c.start_date', '<=', sql<Date>`now()`)
        .where(notEnded('c'))
        .orderBy('c.id', 'asc'),
    );
    return rows.map(toContest);
  }

  /** Contests that have named winners, the latest ended first, with their contestants and groups counted. */
  @GenerateSql({ params: [5] })
  async completed(limit: number): Promise<{ contest: ContestEntity; contestants: number; groups: number }[]> {
    const rows = await this.rows(
      db
        .selectFrom('contests as c')
        .selectAll('c')
        .select((eb) => [
          eb.selectFrom('contest_entries as e').select(countAll.as('n')).whereRef('e.contest_id', '=', 'c.id').as('contestants'),
          eb.selectFrom('groups as g').select(countAll.as('n')).whereRef('g.contest_id', '=', 'c.id').as('groups'),
        ])
        .where((eb) =>
          eb.exists(eb.selectFrom('contest_entries as w').select('w.id').whereRef('w.contest_id', '=', 'c.id').where('w.winner_place', 'is not', null)),
        )
        .orderBy('c.end_date', (o) => o.desc().nullsLast())
        .orderBy('c.id', 'desc')
        .limit(limit),
    );
    return rows.map(({ contestants, groups, ...contest }) => ({ contest: toContest(contest), contestants: contestants ?? 0, groups: groups ?? 0 }));
  }

  /** Newest first. */
  @GenerateSql({ params: [0, 20] })
  async page(skip: number, limit: number): Promise<[ContestEntity[], number]> {
    const rows = await this.rows(db.selectFrom('contests').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(skip).limit(limit));
    const total = await this.first(db.selectFrom('contests').select(countAll.as('n')));
    return [rows.map(toContest), total?.n ?? 0];
  }

  /** How many groups each of these contests has (contests without groups are left out). */
  @GenerateSql({ params: [[1, 2]] })
  async groupCounts(contestIds: number[]): Promise<Map<number, number>> {
    if (!contestIds.length) return new Map();
    const rows = await this.rows(
      db
        .selectFrom('groups')
        .select(['contest_id', countAll.as('n')])
        .where((eb) => eb('contest_id', '=', eb.fn.any(eb.val(contestIds))))
        .groupBy('contest_id'),
    );
    return new Map(rows.map((r) => [r.contest_id, r.n]));
  }

  @GenerateSql({
    params: [
      {
        name: 'Spring Screams',
        description: 'A contest',
        startDate: new Date('2026-03-01T00:00:00Z'),
        endDate: new Date('2026-04-01T00:00:00Z'),
        isActive: true,
        isCurrent: false,
        groupSizeCap: 20,
        voteChallenge: null,
        winners: 3,
        timeZone: 'UTC',
        carryVotes: true,
        categories: ['Scream Queens', 'Creature Killer'],
      },
    ],
  })
  async insert(values: ContestValues): Promise<ContestEntity> {
    const row = await this.first(db.insertInto('contests').values(newColumns(values)).returningAll());
    if (!row) throw new Error('The contest inserted was not returned');
    return toContest(row);
  }

  /** Writes the values given (and updated_at); nothing when none is. */
  @GenerateSql({ params: [1, { name: 'Autumn Screams', groupSizeCap: 30 }] })
  async update(id: number, changes: Partial<ContestValues>): Promise<void> {
    const columns = columnsOf(changes);
    if (Object.values(columns).every((v) => v === undefined)) return;
    await this.run(
      db
        .updateTable('contests')
        .set({ ...columns, updated_at: sql<Date>`now()` })
        .where('id', '=', id),
    );
  }

  /** Waits for any other transaction that is making a contest current (released at commit). */
  @GenerateSql()
  async lockCurrentSwitch(): Promise<void> {
    await this.rows(db.selectNoFrom((eb) => eb.fn<void>('pg_advisory_xact_lock', [eb.val(CURRENT_SWITCH_LOCK)]).as('locked')));
  }

  /** Answers the id of the contest that was current, if any. */
  @GenerateSql({ name: 'but one', params: [1] }, { name: 'any', params: [null] })
  async unsetCurrentExcept(id: number | null): Promise<number | null> {
    const row = await this.first(
      db
        .updateTable('contests')
        .set({ is_current: false, updated_at: sql<Date>`now()` })
        .where('is_current', '=', true)
        .where('id', 'is distinct from', id)
        .returning('id'),
    );
    return row?.id ?? null;
  }

  /** Groups and entries go with it (ON DELETE CASCADE), in the caller's transaction. */
  @GenerateSql({ params: [1] })
  async delete(id: number): Promise<void> {
    await this.run(db.deleteFrom('contests').where('id', '=', id));
  }

  /**
   * Locks the contests the user has entries in (lowest id first), as a join does after the user's
   * row: deleting a user then waits for, and never crosses, a placement or contest deletion.
   */
  @GenerateSql({ params: [1] })
  async lockContestsOfUser(userId: number): Promise<void> {
    await this.rows(
      db
        .selectFrom('contests')
        .select('id')
        .where('id', 'in', (eb) => eb.selectFrom('contest_entries').select('contest_id').where('user_id', '=', userId))
        .orderBy('id')
        .forUpdate(),
    );
  }
}
