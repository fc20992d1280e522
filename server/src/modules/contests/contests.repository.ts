import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { NOT_ENDED_SQL } from '#server/common/contest-time.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { ContestEntity } from './entities/contest.entity.js';

/** Taken by every transaction that makes a contest current, so two of them cannot collide on the unique index. */
const CURRENT_SWITCH_LOCK = 727276; // 727274 migrations, 727275 seeding

export type ContestValues = Pick<
  ContestEntity,
  'name' | 'description' | 'startDate' | 'endDate' | 'isActive' | 'isCurrent' | 'groupSizeCap' | 'voteChallenge' | 'winners' | 'timeZone' | 'carryVotes'
>;

/** Contest rows, read and written in the open transaction (or on the pool outside one). */
@Injectable()
export class ContestsRepository extends BaseRepository {
  findById(id: number): Promise<ContestEntity | null> {
    return this.repo(ContestEntity).findOneBy({ id });
  }

  /** SELECT ... FOR UPDATE: placements into a contest, and changes to its group size, run one at a time. */
  lockById(id: number): Promise<ContestEntity | null> {
    return this.repo(ContestEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findCurrent(): Promise<ContestEntity | null> {
    return this.repo(ContestEntity).findOneBy({ isCurrent: true });
  }

  /** Open for joining: active and not ended (upcoming ones included), soonest first; past its first cut it stays listed, and a join is refused. */
  listJoinable(): Promise<ContestEntity[]> {
    return this.repo(ContestEntity)
      .createQueryBuilder('c')
      .where('c.is_active')
      .andWhere(NOT_ENDED_SQL)
      .orderBy('c.start_date', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getMany();
  }

  /** Active contests that have started and not ended: the ones whose contestants are in a race now. */
  listRunning(): Promise<ContestEntity[]> {
    return this.repo(ContestEntity)
      .createQueryBuilder('c')
      .where('c.is_active')
      .andWhere('c.start_date <= now()')
      .andWhere(NOT_ENDED_SQL)
      .orderBy('c.id', 'ASC')
      .getMany();
  }

  /** Contests that have named winners, the latest ended first, with their contestants and groups counted. */
  async completed(limit: number): Promise<{ contest: ContestEntity; contestants: number; groups: number }[]> {
    const rows: { id: number; contestants: number; groups: number }[] = await this.em.query(
      `SELECT c.id,
              (SELECT count(*)::int FROM contest_entries e WHERE e.contest_id = c.id) AS contestants,
              (SELECT count(*)::int FROM groups g WHERE g.contest_id = c.id) AS groups
       FROM contests c
       WHERE EXISTS (SELECT 1 FROM contest_entries w WHERE w.contest_id = c.id AND w.winner_place IS NOT NULL)
       ORDER BY c.end_date DESC NULLS LAST, c.id DESC LIMIT $1`,
      [limit],
    );
    if (!rows.length) return [];
    const contests = await this.repo(ContestEntity).findBy({ id: In(rows.map((r) => r.id)) });
    const byId = new Map(contests.map((c) => [c.id, c]));
    return rows.flatMap((r) => {
      const contest = byId.get(r.id);
      return contest ? [{ contest, contestants: r.contestants, groups: r.groups }] : [];
    });
  }

  /** Newest first. */
  page(skip: number, limit: number): Promise<[ContestEntity[], number]> {
    return this.repo(ContestEntity).findAndCount({ order: { createdAt: 'DESC', id: 'DESC' }, skip, take: limit });
  }

  async groupCounts(contestIds: number[]): Promise<Map<number, number>> {
    if (!contestIds.length) return new Map();
    const rows: { contest_id: number; n: number }[] = await this.em.query(
      'SELECT contest_id, count(*)::int AS n FROM groups WHERE contest_id = ANY($1) GROUP BY contest_id',
      [contestIds],
    );
    return new Map(rows.map((r) => [r.contest_id, r.n]));
  }

  insert(values: ContestValues): Promise<ContestEntity> {
    const repo = this.repo(ContestEntity);
    return repo.save(repo.create(values));
  }

  async update(id: number, changes: Partial<ContestValues>): Promise<void> {
    if (Object.keys(changes).length) await this.repo(ContestEntity).update({ id }, changes);
  }

  /** Waits for any other transaction that is making a contest current (released at commit). */
  async lockCurrentSwitch(): Promise<void> {
    await this.em.query('SELECT pg_advisory_xact_lock($1)', [CURRENT_SWITCH_LOCK]);
  }

  /** Answers the id of the contest that was current, if any. */
  async unsetCurrentExcept(id: number | null): Promise<number | null> {
    const [rows]: [{ id: number }[], number] = await this.em.query(
      'UPDATE contests SET is_current = false, updated_at = now() WHERE is_current AND id IS DISTINCT FROM $1 RETURNING id',
      [id],
    );
    return rows[0]?.id ?? null;
  }

  /** Groups and entries go with it (ON DELETE CASCADE), in the caller's transaction. */
  async delete(id: number): Promise<void> {
    await this.repo(ContestEntity).delete({ id });
  }

  /**
   * Locks the contests the user has entries in (lowest id first), as a join does after the user's
   * row: deleting a user then waits for, and never crosses, a placement or contest deletion.
   */
  async lockContestsOfUser(userId: number): Promise<void> {
    await this.em.query('SELECT id FROM contests WHERE id IN (SELECT contest_id FROM contest_entries WHERE user_id = $1) ORDER BY id FOR UPDATE', [userId]);
  }
}
