import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { ContestEntryItem } from '#contract/contests/answers.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { currentContestId, prepared, queryBuilder as db } from '#server/infra/database/query-builder.js';

export interface StandingGroup {
  id: number;
  group_number: number;
  contest_id: number;
}

/** An entry as leaderboards show it, with the database's vote count. */
export interface StandingEntryRow extends Omit<ContestEntryItem, 'rank'> {
  /** Of current_contest_votes, the paid ones. */
  paid_votes: number;
  /** The contestant's votes in every contest. */
  total_votes: number;
  joined_at: Date;
}

export interface GroupRows {
  group: StandingGroup;
  entries: StandingEntryRow[];
}

/** Read once per group per tick for every watcher of the group (the tick cache): compiled once. */
const GROUP = prepared(1, (groupId: number) => db.selectFrom('groups').select(['id', 'group_number', 'contest_id']).where('id', '=', groupId));

const GROUP_ENTRIES = prepared(1, (groupId: number) =>
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
      'e.paid_votes',
      'p.total_votes',
      'e.is_eliminated',
      'e.winner_place',
      'e.joined_at',
    ])
    .where('e.group_id', '=', groupId)
    // An erased account's entries keep their votes in the ledger but leave the public standings.
    .where('e.withdrawn_at', 'is', null),
);

/** The groups of the current contest, by number, with the contest's id. */
const CURRENT_CONTEST_GROUPS = db.selectFrom('groups').select(['id', 'contest_id']).where('contest_id', '=', currentContestId()).orderBy('group_number');

/** The database side of the standings: who is in a group, and the counts as committed. */
@Injectable()
export class StandingsRepository extends BaseRepository {
  @GenerateSql({ params: [1] })
  async group(groupId: number): Promise<GroupRows | null> {
    const group = await this.first(GROUP(groupId));
    if (!group) return null;
    const entries: StandingEntryRow[] = await this.rows(GROUP_ENTRIES(groupId));
    return { group, entries };
  }

  /** The groups of the current contest by number; null when no contest is current. */
  @GenerateSql()
  async currentContestGroups(): Promise<{ contestId: number; groupIds: number[] } | null> {
    const contest = await this.first(currentContestId());
    if (!contest) return null;
    const groups = await this.rows(CURRENT_CONTEST_GROUPS);
    return { contestId: contest.id, groupIds: groups.map((g) => g.id) };
  }
}
