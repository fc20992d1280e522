import { Injectable } from '@nestjs/common';
import type { ContestEntryItem, ContestEntrySummary } from '#contract/contests/answers.js';
import { NOT_ENDED_SQL } from '#server/common/contest-time.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { ContestEntryEntity } from './entities/contest-entry.entity.js';

/** What joining needs to know about the user, read under the user's row lock. */
export interface EntrantRow {
  id: number;
  is_superuser: boolean;
  is_verified: boolean;
  profile_id: number | null;
}

/** One of a user's entries as read (joined_at still a Date), with whether its contest is the current one. */
export type UserEntryRow = Omit<ContestEntrySummary, 'joined_at'> & { joined_at: Date; is_current: boolean; winner_place: number | null };

// Admin group lists rank by sorted position, no ties; joined_at then id make the order total.
const POSITION_ORDER = 'e.current_contest_votes DESC, e.joined_at ASC, e.id ASC';

const ITEM_COLUMNS = `e.id, e.user_id, u.username, u.first_name, u.last_name, p.pictures_urls[1] AS picture_url,
  e.current_contest_votes, e.is_eliminated, e.winner_place`;

/** Contest entries; group lists answer the contract's ContestEntryItem as read (rank computed by the query). */
@Injectable()
export class EntriesRepository extends BaseRepository {
  /**
   * Locks the user's row (FOR UPDATE): one user's simultaneous joins run one after another, so the
   * second sees the first one's entry.
   */
  async lockEntrant(userId: number): Promise<EntrantRow | null> {
    const rows: EntrantRow[] = await this.em.query(
      `SELECT u.id, u.is_superuser, u.is_verified, p.id AS profile_id
       FROM users u LEFT JOIN contestant_profiles p ON p.user_id = u.id
       WHERE u.id = $1 FOR UPDATE OF u`,
      [userId],
    );
    return rows[0] ?? null;
  }

  /** In a contest that has not ended (whatever its other flags): the user may not join another. */
  async isInOpenContest(userId: number): Promise<boolean> {
    const rows: unknown[] = await this.em.query(
      `SELECT 1 FROM contest_entries e JOIN contests c ON c.id = e.contest_id WHERE e.user_id = $1 AND ${NOT_ENDED_SQL} LIMIT 1`,
      [userId],
    );
    return rows.length > 0;
  }

  /** The contest (not ended) the user is in, with their group's number; null when none. */
  async openEntryOf(userId: number): Promise<{ contestId: number; contestName: string; groupNumber: number } | null> {
    const rows: { contest_id: number; name: string; group_number: number }[] = await this.em.query(
      `SELECT c.id AS contest_id, c.name, g.group_number
       FROM contest_entries e JOIN contests c ON c.id = e.contest_id JOIN groups g ON g.id = e.group_id
       WHERE e.user_id = $1 AND ${NOT_ENDED_SQL}
       ORDER BY e.joined_at DESC LIMIT 1`,
      [userId],
    );
    return rows[0] ? { contestId: rows[0].contest_id, contestName: rows[0].name, groupNumber: rows[0].group_number } : null;
  }

  insert(values: Pick<ContestEntryEntity, 'userId' | 'profileId' | 'contestId' | 'groupId'>): Promise<ContestEntryEntity> {
    const repo = this.repo(ContestEntryEntity);
    return repo.save(repo.create(values));
  }

  findById(id: number): Promise<ContestEntryEntity | null> {
    return this.repo(ContestEntryEntity).findOneBy({ id });
  }

  /** Idempotent: eliminating an eliminated entry changes nothing (and answers false). */
  async eliminate(id: number): Promise<boolean> {
    const result = await this.repo(ContestEntryEntity).update({ id, isEliminated: false }, { isEliminated: true });
    return (result.affected ?? 0) > 0;
  }

  async setVotes(id: number, votes: number): Promise<void> {
    await this.repo(ContestEntryEntity).update({ id }, { currentContestVotes: votes });
  }

  /** The group's entries by votes, highest first; rank is the position (1..n). */
  groupItems(groupId: number): Promise<ContestEntryItem[]> {
    return this.em.query(
      `SELECT ${ITEM_COLUMNS}, row_number() OVER (ORDER BY ${POSITION_ORDER})::int AS rank
       FROM contest_entries e JOIN users u ON u.id = e.user_id JOIN contestant_profiles p ON p.id = e.profile_id
       WHERE e.group_id = $1
       ORDER BY rank`,
      [groupId],
    );
  }

  /** One entry as its group list shows it (same rank as groupItems). */
  async item(entryId: number): Promise<ContestEntryItem | null> {
    const rows: ContestEntryItem[] = await this.em.query(
      `SELECT * FROM (
         SELECT ${ITEM_COLUMNS}, row_number() OVER (ORDER BY ${POSITION_ORDER})::int AS rank
         FROM contest_entries e JOIN users u ON u.id = e.user_id JOIN contestant_profiles p ON p.id = e.profile_id
         WHERE e.group_id = (SELECT group_id FROM contest_entries WHERE id = $1)
       ) ranked WHERE id = $1`,
      [entryId],
    );
    return rows[0] ?? null;
  }

  /** Every entry of the user: the current contest's first, then by most recent contest. */
  ofUser(userId: number): Promise<UserEntryRow[]> {
    return this.em.query(
      `SELECT e.id, e.contest_id, e.group_id, e.current_contest_votes, e.is_eliminated, e.winner_place, e.joined_at, c.is_current
       FROM contest_entries e JOIN contests c ON c.id = e.contest_id
       WHERE e.user_id = $1
       ORDER BY c.is_current DESC, c.start_date DESC, e.joined_at DESC, e.id DESC`,
      [userId],
    );
  }
}
