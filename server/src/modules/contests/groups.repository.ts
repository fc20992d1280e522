import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GroupEntity } from './entities/group.entity.js';

/** Group rows and their entry counters. */
@Injectable()
export class GroupsRepository extends BaseRepository {
  findById(id: number): Promise<GroupEntity | null> {
    return this.repo(GroupEntity).findOneBy({ id });
  }

  /** By group number; `limit` undefined answers every group. */
  page(contestId: number, skip: number, limit?: number): Promise<[GroupEntity[], number]> {
    return this.repo(GroupEntity).findAndCount({ where: { contestId }, order: { groupNumber: 'ASC' }, skip, take: limit });
  }

  /**
   * The lowest-numbered active group with room. Only meaningful while the caller holds the
   * contest's row lock: then no other placement can change the counts before commit.
   */
  lowestOpen(contestId: number, capacity: number): Promise<GroupEntity | null> {
    return this.repo(GroupEntity)
      .createQueryBuilder('g')
      .where('g.contest_id = :contestId AND g.is_active AND g.current_contestants_count < :capacity', { contestId, capacity })
      .orderBy('g.group_number', 'ASC')
      .limit(1)
      .getOne();
  }

  /** The next group number of the contest (caller holds the contest lock; the unique key backs it up). */
  async insertNext(contestId: number): Promise<GroupEntity> {
    const rows: { id: number }[] = await this.em.query(
      `INSERT INTO groups (contest_id, group_number)
       SELECT $1, COALESCE(max(group_number), 0) + 1 FROM groups WHERE contest_id = $1
       RETURNING id`,
      [contestId],
    );
    return this.repo(GroupEntity).findOneByOrFail({ id: rows[0].id });
  }

  async addEntry(groupId: number): Promise<void> {
    await this.repo(GroupEntity).increment({ id: groupId }, 'currentContestantsCount', 1);
  }

  /** Gives back the places of every entry of the user (before those entries are deleted). */
  async releaseEntriesOfUser(userId: number): Promise<void> {
    await this.em.query(
      `UPDATE groups g SET current_contestants_count = g.current_contestants_count - x.n
       FROM (SELECT group_id, count(*)::int AS n FROM contest_entries WHERE user_id = $1 GROUP BY group_id) x
       WHERE g.id = x.group_id`,
      [userId],
    );
  }

  /** The fullest group of a contest, to refuse a group size that would strand its contestants. */
  async fullest(contestId: number): Promise<GroupEntity | null> {
    return this.repo(GroupEntity).findOne({ where: { contestId }, order: { currentContestantsCount: 'DESC', groupNumber: 'ASC' } });
  }

  async setActive(id: number, isActive: boolean): Promise<void> {
    await this.repo(GroupEntity).update({ id }, { isActive });
  }
}
