import { Injectable } from '@nestjs/common';
import { sql, type Selectable } from 'kysely';
import type { ContestEntryItem, ContestEntrySummary } from '#contract/contests/answers.js';
import { notEnded } from '#server/common/contest-time.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';
import type { ContestEntries } from '#server/infra/database/schema.js';
import { ContestEntryEntity } from './entities/contest-entry.entity.js';

/** What joining needs to know about the user, read under the user's row lock. */
export interface EntrantRow {
  id: number;
  is_superuser: boolean;
  is_verified: boolean;
  profile_id: number | null;
  /** The profile's category (null without a profile). */
  category: string | null;
}

/** One of a user's entries as read (joined_at still a Date), with whether its contest is the current one. */
export type UserEntryRow = Omit<ContestEntrySummary, 'joined_at'> & { joined_at: Date; is_current: boolean; winner_place: number | null; paid_votes: number };

const toEntry = (r: Selectable<ContestEntries>): ContestEntryEntity => ({
  id: r.id,
  userId: r.user_id,
  profileId: r.profile_id,
  contestId: r.contest_id,
  groupId: r.group_id,
  currentContestVotes: r.current_contest_votes,
  roundStartedAt: r.round_started_at,
  isEliminated: r.is_eliminated,
  eliminatedInRound: r.eliminated_in_round,
  winnerPlace: r.winner_place,
  joinedAt: r.joined_at,
});

/**
 * A group's entries as its list shows them. Admin group lists rank by sorted position, no ties:
 * votes highest first, then joined_at and id make the order total.
 */
const groupList = (groupId: number | ReturnType<typeof groupOfEntry>) =>
  db
    .selectFrom('contest_entries as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('contestant_profiles as p', 'p.id', 'e.profile_id')
    .select([
      'e.id',
      'e.user_id',
      'u.username',
      'u.first_name',
      'u.last_name',
      sql<string | null>`${sql.ref('p.pictures_urls')}[1]`.as('picture_url'),
      'e.current_contest_votes',
      'e.is_eliminated',
      'e.winner_place',
      sql<number>`(row_number() OVER (ORDER BY ${sql.ref('e.current_contest_votes')} DESC, ${sql.ref('e.joined_at')} ASC, ${sql.ref('e.id')} ASC))::int`.as(
        'rank',
      ),
    ])
    .where('e.group_id', '=', groupId);

/** The group of an entry, as a subquery. */
const groupOfEntry = (entryId: number) => db.selectFrom('contest_entries').select('group_id').where('id', '=', entryId);

/** Contest entries; group lists answer the contract's ContestEntryItem as read (rank computed by the query). */
@Injectable()
export class EntriesRepository extends BaseRepository {
  /**
   * Locks the user's row (FOR UPDATE): one user's simultaneous joins run one after another, so the
   * second sees the first one's entry.
   */
  @GenerateSql({ params: [1] })
  async lockEntrant(userId: number): Promise<EntrantRow | null> {
    const row = await this.first(
      db
        .selectFrom('users as u')
        .leftJoin('contestant_profiles as p', 'p.user_id', 'u.id')
        .select(['u.id', 'u.is_superuser', 'u.is_verified', 'p.id as profile_id', 'p.category'])
        .where('u.id', '=', userId)
        .forUpdate('u'),
    );
    return row ?? null;
  }

  /** In a contest that has not ended (whatever its other flags): the user may not join another. */
  @GenerateSql({ params: [1] })
  async isInOpenContest(userId: number): Promise<boolean> {
    const row = await this.first(
      db
        .selectFrom('contest_entries as e')
        .innerJoin('contests as c', 'c.id', 'e.contest_id')
        .select('e.id')
        .where('e.user_id', '=', userId)
        .where(notEnded('c'))
        .limit(1),
    );
    return row !== undefined;
  }

  /** The contest (not ended) the user is in, with their group's number; null when none. */
  @GenerateSql({ params: [1] })
  async openEntryOf(userId: number): Promise<{ contestId: number; contestName: string; groupNumber: number } | null> {
    const row = await this.first(
      db
        .selectFrom('contest_entries as e')
        .innerJoin('contests as c', 'c.id', 'e.contest_id')
        .innerJoin('groups as g', 'g.id', 'e.group_id')
        .select(['c.id as contest_id', 'c.name', 'g.group_number'])
        .where('e.user_id', '=', userId)
        .where(notEnded('c'))
        .orderBy('e.joined_at', 'desc')
        .limit(1),
    );
    return row ? { contestId: row.contest_id, contestName: row.name, groupNumber: row.group_number } : null;
  }

  @GenerateSql({ params: [{ userId: 1, profileId: 1, contestId: 1, groupId: 1 }] })
  async insert(values: Pick<ContestEntryEntity, 'userId' | 'profileId' | 'contestId' | 'groupId'>): Promise<ContestEntryEntity> {
    const row = await this.first(
      db
        .insertInto('contest_entries')
        .values({ user_id: values.userId, profile_id: values.profileId, contest_id: values.contestId, group_id: values.groupId })
        .returningAll(),
    );
    if (!row) throw new Error('The entry inserted was not returned');
    return toEntry(row);
  }

  @GenerateSql({ params: [1] })
  async findById(id: number): Promise<ContestEntryEntity | null> {
    const row = await this.first(db.selectFrom('contest_entries').selectAll().where('id', '=', id));
    return row ? toEntry(row) : null;
  }

  /** Idempotent: eliminating an eliminated entry changes nothing (and answers false). */
  @GenerateSql({ params: [1] })
  async eliminate(id: number): Promise<boolean> {
    const changed = await this.run(db.updateTable('contest_entries').set({ is_eliminated: true }).where('id', '=', id).where('is_eliminated', '=', false));
    return changed > 0;
  }

  @GenerateSql({ params: [1, 12] })
  async setVotes(id: number, votes: number): Promise<void> {
    await this.run(db.updateTable('contest_entries').set({ current_contest_votes: votes }).where('id', '=', id));
  }

  /** The group's entries by votes, highest first; rank is the position (1..n). */
  @GenerateSql({ params: [1] })
  groupItems(groupId: number): Promise<ContestEntryItem[]> {
    return this.rows(db.selectFrom(groupList(groupId).as('ranked')).selectAll().orderBy('rank'));
  }

  /** One entry as its group list shows it (same rank as groupItems). */
  @GenerateSql({ params: [1] })
  async item(entryId: number): Promise<ContestEntryItem | null> {
    const row = await this.first(
      db
        .selectFrom(groupList(groupOfEntry(entryId)).as('ranked'))
        .selectAll()
        .where('id', '=', entryId),
    );
    return row ?? null;
  }

  /** Every entry of the user: the current contest's first, then by most recent contest. */
  @GenerateSql({ params: [1] })
  ofUser(userId: number): Promise<UserEntryRow[]> {
    return this.rows(
      db
        .selectFrom('contest_entries as e')
        .innerJoin('contests as c', 'c.id', 'e.contest_id')
        .select([
          'e.id',
          'e.contest_id',
          'e.group_id',
          'e.current_contest_votes',
          'e.paid_votes',
          'e.is_eliminated',
          'e.winner_place',
          'e.joined_at',
          'c.is_current',
        ])
        .where('e.user_id', '=', userId)
        .orderBy('c.is_current', 'desc')
        .orderBy('c.start_date', 'desc')
        .orderBy('e.joined_at', 'desc')
        .orderBy('e.id', 'desc'),
    );
  }
}
