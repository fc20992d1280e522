import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { NOT_ENDED_SQL } from './contest-time.js';
import { ContestEntity } from './entities/contest.entity.js';

/** Taken by every transaction that makes a contest current, so two of them cannot collide on the unique index. */
const CURRENT_SWITCH_LOCK = 727276; // 727274 migrations, 727275 seeding

export type ContestValues = Pick<ContestEntity, 'name' | 'description' | 'startDate' | 'endDate' | 'isActive' | 'isCurrent' | 'groupSizeCap'>;

/** Contest rows. Stateless: every method runs on the EntityManager it is given (a transaction or the default one). */
@Injectable()
export class ContestsRepository {
  findById(em: EntityManager, id: number): Promise<ContestEntity | null> {
    return em.getRepository(ContestEntity).findOneBy({ id });
  }

  /** SELECT ... FOR UPDATE: placements into a contest, and changes to its group size, run one at a time. */
  lockById(em: EntityManager, id: number): Promise<ContestEntity | null> {
    return em.getRepository(ContestEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  findCurrent(em: EntityManager): Promise<ContestEntity | null> {
    return em.getRepository(ContestEntity).findOneBy({ isCurrent: true });
  }

  /** Open for joining: active and not ended (upcoming ones included), soonest first. */
  listJoinable(em: EntityManager): Promise<ContestEntity[]> {
    return em
      .getRepository(ContestEntity)
      .createQueryBuilder('c')
      .where('c.is_active')
      .andWhere(NOT_ENDED_SQL)
      .orderBy('c.start_date', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .getMany();
  }

  /** Newest first. */
  page(em: EntityManager, skip: number, limit: number): Promise<[ContestEntity[], number]> {
    return em.getRepository(ContestEntity).findAndCount({ order: { createdAt: 'DESC', id: 'DESC' }, skip, take: limit });
  }

  async groupCounts(em: EntityManager, contestIds: number[]): Promise<Map<number, number>> {
    if (!contestIds.length) return new Map();
    const rows: { contest_id: number; n: number }[] = await em.query(
      'SELECT contest_id, count(*)::int AS n FROM groups WHERE contest_id = ANY($1) GROUP BY contest_id',
      [contestIds],
    );
    return new Map(rows.map((r) => [r.contest_id, r.n]));
  }

  insert(em: EntityManager, values: ContestValues): Promise<ContestEntity> {
    const repo = em.getRepository(ContestEntity);
    return repo.save(repo.create(values));
  }

  async update(em: EntityManager, id: number, changes: Partial<ContestValues>): Promise<void> {
    if (Object.keys(changes).length) await em.getRepository(ContestEntity).update({ id }, changes);
  }

  /** Waits for any other transaction that is making a contest current (released at commit). */
  async lockCurrentSwitch(em: EntityManager): Promise<void> {
    await em.query('SELECT pg_advisory_xact_lock($1)', [CURRENT_SWITCH_LOCK]);
  }

  async unsetCurrentExcept(em: EntityManager, id: number | null): Promise<void> {
    await em.query('UPDATE contests SET is_current = false, updated_at = now() WHERE is_current AND id IS DISTINCT FROM $1', [id]);
  }

  /** Groups and entries go with it (ON DELETE CASCADE), in the caller's transaction. */
  async delete(em: EntityManager, id: number): Promise<void> {
    await em.getRepository(ContestEntity).delete({ id });
  }

  /**
   * Locks the contests the user has entries in (lowest id first), as a join does after the user's
   * row: deleting a user then waits for, and never crosses, a placement or contest deletion.
   */
  async lockContestsOfUser(em: EntityManager, userId: number): Promise<void> {
    await em.query('SELECT id FROM contests WHERE id IN (SELECT contest_id FROM contest_entries WHERE user_id = $1) ORDER BY id FOR UPDATE', [userId]);
  }
}
