import { Injectable } from '@nestjs/common';
import { sql, type ExpressionBuilder } from 'kysely';
import type { AdminContestantItem } from '#contract/contests/answers.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { currentContestId, queryBuilder as db } from '#server/infra/database/query-builder.js';
import { rankByVotesSql } from '#server/infra/database/ranking-sql.js';
import type { DB } from '#server/infra/database/schema.js';

/** `%` and `_` typed by the admin are searched for, not used as wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The admin's search: in the username, the first or last name, or the full name. */
const matches = (pattern: string) => (eb: ExpressionBuilder<DB & { u: DB['users'] }, 'u'>) =>
  eb.or([
    eb('u.username', 'ilike', pattern),
    eb('u.first_name', 'ilike', pattern),
    eb('u.last_name', 'ilike', pattern),
    eb(sql<string>`${sql.ref('u.first_name')} || ' ' || ${sql.ref('u.last_name')}`, 'ilike', pattern),
  ]);

/** Every contestant profile with its user, filtered by the search when there is one. */
const profiles = (pattern: string | null) =>
  db
    .selectFrom('contestant_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    // An erased account is no contestant any more.
    .where('u.erased_at', 'is', null)
    .$if(pattern !== null, (q) => q.where(matches(pattern!)));

/** A contest's participant as the organizers' export lists it: what the public profile shows, never the e-mail. */
export interface ParticipantRow {
  entry_id: number;
  username: string;
  first_name: string;
  last_name: string;
  category: string;
  group_number: number;
  current_contest_votes: number;
  is_eliminated: boolean;
  winner_place: number | null;
  instagram: string | null;
  tiktok: string | null;
  joined_at: Date;
}

/** The admin all-contestants table: every contestant profile, with its entry in the current contest. */
@Injectable()
export class AdminContestantsRepository extends BaseRepository {
  @GenerateSql({ name: 'every contestant', params: [undefined, 0, undefined] }, { name: 'searched, a page', params: ['mira', 20, 10] })
  async page(q: string | undefined, skip: number, limit: number | undefined): Promise<[AdminContestantItem[], number]> {
    const pattern = q ? likePattern(q) : null;
    const rows = await this.rows(
      profiles(pattern)
        .leftJoin(
          (s) =>
            s
              .selectFrom('contest_entries as e')
              .innerJoin('groups as g', 'g.id', 'e.group_id')
              .select([
                'e.user_id',
                'e.current_contest_votes',
                'e.is_eliminated',
                'g.group_number',
                // The contestant's rank in their group of the current contest.
                rankByVotesSql(sql.ref<number>('e.current_contest_votes'), sql.ref('e.group_id')).as('rank'),
              ])
              .where('e.contest_id', '=', currentContestId())
              .as('s'),
          (join) => join.onRef('s.user_id', '=', 'u.id'),
        )
        .select((eb) => [
          'p.id',
          'u.id as user_id',
          'u.username',
          'u.first_name',
          'u.last_name',
          'u.email',
          sql<string | null>`${sql.ref('p.pictures_urls')}[1]`.as('picture_url'),
          'p.category',
          'p.total_votes',
          's.current_contest_votes',
          's.rank',
          's.group_number',
          eb.fn.coalesce('s.is_eliminated', sql.lit(false)).as('is_eliminated'),
        ])
        .orderBy((eb) => eb.fn('lower', ['u.username']))
        .orderBy('u.id')
        .offset(skip)
        .$if(limit !== undefined, (l) => l.limit(limit!)),
    );
    const total = await this.first(profiles(pattern).select(sql<number>`count(*)::int`.as('n')));
    return [rows, total?.n ?? 0];
  }

  /**
   * A batch of a contest's participants, by entry id after `afterEntryId`: the verified accounts whose
   * entries are on its public pages (an erased account's withdrawn entry is not).
   */
  @GenerateSql({ params: [1, 0, 500] })
  async participants(contestId: number, afterEntryId: number, limit: number): Promise<ParticipantRow[]> {
    return this.rows(
      db
        .selectFrom('contest_entries as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .innerJoin('contestant_profiles as p', 'p.id', 'e.profile_id')
        .innerJoin('groups as g', 'g.id', 'e.group_id')
        .select([
          'e.id as entry_id',
          'u.username',
          'u.first_name',
          'u.last_name',
          'p.category',
          'g.group_number',
          'e.current_contest_votes',
          'e.is_eliminated',
          'e.winner_place',
          'u.instagram',
          'u.tiktok',
          'e.joined_at',
        ])
        .where('e.contest_id', '=', contestId)
        .where('e.withdrawn_at', 'is', null)
        .where('u.is_verified', '=', true)
        .where('e.id', '>', afterEntryId)
        .orderBy('e.id')
        .limit(limit),
    );
  }
}
