import { Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { Groups } from '#server/infra/database/schema.js';
import { GroupEntity } from './entities/group.entity.js';

const toGroup = (r: Selectable<Groups>): GroupEntity => ({
  id: r.id,
  contestId: r.contest_id,
  groupNumber: r.group_number,
  isActive: r.is_active,
  currentContestantsCount: r.current_contestants_count,
  createdAt: r.created_at,
});

/** Group rows and their entry counters. */
@Injectable()
export class GroupsRepository extends BaseRepository {
  @GenerateSql({ params: [1] })
  async findById(id: number): Promise<GroupEntity | null> {
    const row = await this.first(db.selectFrom('groups').selectAll().where('id', '=', id));
    return row ? toGroup(row) : null;
  }

  /** By group number, with how many groups the contest has; `limit` undefined answers every group. */
  @GenerateSql({ name: 'a page', params: [1, 0, 20] }, { name: 'every group', params: [1, 0] })
  async page(contestId: number, skip: number, limit?: number): Promise<[GroupEntity[], number]> {
    const rows = await this.rows(
      db
        .selectFrom('groups')
        .selectAll()
        .where('contest_id', '=', contestId)
        .orderBy('group_number', 'asc')
        .offset(skip)
        .$if(limit !== undefined, (q) => q.limit(limit!)),
    );
    const total = await this.first(
      db
        .selectFrom('groups')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('contest_id', '=', contestId),
    );
    return [rows.map(toGroup), total?.n ?? 0];
  }

  /**
   * The lowest-numbered active group with room. Only meaningful while the caller holds the
   * contest's row lock: then no other placement can change the counts before commit.
   */
  @GenerateSql({ params: [1, 20] })
  async lowestOpen(contestId: number, capacity: number): Promise<GroupEntity | null> {
    const row = await this.first(
      db
        .selectFrom('groups')
        .selectAll()
        .where('contest_id', '=', contestId)
        .where('is_active', '=', true)
        .where('current_contestants_count', '<', capacity)
        .orderBy('group_number', 'asc')
        .limit(1),
    );
    return row ? toGroup(row) : null;
  }

  /** The next group number of the contest (caller holds the contest lock; the unique key backs it up). */
  @GenerateSql({ params: [1] })
  async insertNext(contestId: number): Promise<GroupEntity> {
    const row = await this.first(
      db
        .insertInto('groups')
        .columns(['contest_id', 'group_number'])
        .expression((eb) =>
          eb
            .selectFrom('groups')
            .select([sql<number>`${contestId}::int`.as('contest_id'), sql<number>`coalesce(max(${sql.ref('group_number')}), 0) + 1`.as('group_number')])
            .where('contest_id', '=', contestId),
        )
        .returningAll(),
    );
    if (!row) throw new Error('The group inserted was not returned');
    return toGroup(row);
  }

  /** One more entry placed in the group. */
  @GenerateSql({ params: [1] })
  async addEntry(groupId: number): Promise<void> {
    await this.run(
      db
        .updateTable('groups')
        .set((eb) => ({ current_contestants_count: eb('current_contestants_count', '+', 1) }))
        .where('id', '=', groupId),
    );
  }

  /** Gives back the places of every entry of the user (before those entries are withdrawn); answers the groups. */
  @GenerateSql({ params: [1] })
  async releaseEntriesOfUser(userId: number): Promise<number[]> {
    const rows = await this.rows(
      db
        .updateTable('groups as g')
        .from((eb) =>
          eb
            .selectFrom('contest_entries')
            .select(['group_id', sql<number>`count(*)::int`.as('n')])
            .where('user_id', '=', userId)
            // A withdrawn entry gave its place back when it was withdrawn.
            .where('withdrawn_at', 'is', null)
            .groupBy('group_id')
            .as('x'),
        )
        .set((eb) => ({ current_contestants_count: eb('g.current_contestants_count', '-', eb.ref('x.n')) }))
        .whereRef('g.id', '=', 'x.group_id')
        .returning('g.id'),
    );
    return rows.map((r) => r.id);
  }

  /** The fullest group of a contest, to refuse a group size that would strand its contestants. */
  @GenerateSql({ params: [1] })
  async fullest(contestId: number): Promise<GroupEntity | null> {
    const row = await this.first(
      db
        .selectFrom('groups')
        .selectAll()
        .where('contest_id', '=', contestId)
        .orderBy('current_contestants_count', 'desc')
        .orderBy('group_number', 'asc')
        .limit(1),
    );
    return row ? toGroup(row) : null;
  }

  @GenerateSql({ params: [1, false] })
  async setActive(id: number, isActive: boolean): Promise<void> {
    await this.run(db.updateTable('groups').set({ is_active: isActive }).where('id', '=', id));
  }
}
