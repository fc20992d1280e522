import { Injectable } from '@nestjs/common';
import type { ContestEntryItem } from '#contract/api-types.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';

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

/** The database side of the standings: who is in a group, and the counts as committed. */
@Injectable()
export class StandingsRepository extends BaseRepository {
  async group(groupId: number): Promise<GroupRows | null> {
    const groups: StandingGroup[] = await this.em.query('SELECT id, group_number, contest_id FROM groups WHERE id = $1', [groupId]);
    if (!groups.length) return null;
    const entries: StandingEntryRow[] = await this.em.query(
      `SELECT e.id, e.user_id, u.username, u.first_name, u.last_name, p.pictures_urls[1] AS picture_url,
              e.current_contest_votes, e.paid_votes, p.total_votes, e.is_eliminated, e.winner_place, e.joined_at
       FROM contest_entries e JOIN users u ON u.id = e.user_id JOIN contestant_profiles p ON p.id = e.profile_id
       WHERE e.group_id = $1`,
      [groupId],
    );
    return { group: groups[0], entries };
  }

  /** The groups of the current contest by number; null when no contest is current. */
  async currentContestGroups(): Promise<{ contestId: number; groupIds: number[] } | null> {
    const contests: { id: number }[] = await this.em.query('SELECT id FROM contests WHERE is_current');
    if (!contests.length) return null;
    const groups: { id: number }[] = await this.em.query('SELECT id FROM groups WHERE contest_id = $1 ORDER BY group_number', [contests[0].id]);
    return { contestId: contests[0].id, groupIds: groups.map((g) => g.id) };
  }
}
