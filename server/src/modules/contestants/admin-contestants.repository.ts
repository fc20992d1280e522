import { Injectable } from '@nestjs/common';
import type { AdminContestantItem } from '#contract/contests/answers.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';

/** `%` and `_` typed by the admin are searched for, not used as wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const MATCH = `($1::text IS NULL OR u.username ILIKE $1 OR u.first_name ILIKE $1 OR u.last_name ILIKE $1
  OR (u.first_name || ' ' || u.last_name) ILIKE $1)`;

/** The admin all-contestants table: every contestant profile, with its entry in the current contest. */
@Injectable()
export class AdminContestantsRepository extends BaseRepository {
  async page(q: string | undefined, skip: number, limit: number | undefined): Promise<[AdminContestantItem[], number]> {
    const pattern = q ? likePattern(q) : null;
    const rows: AdminContestantItem[] = await this.em.query(
      `WITH standing AS (
         -- Standard competition rank in the group by votes: ties share a rank (1, 1, 3).
         SELECT e.user_id, e.current_contest_votes, e.is_eliminated, g.group_number,
                rank() OVER (PARTITION BY e.group_id ORDER BY e.current_contest_votes DESC)::int AS rank
         FROM contest_entries e
         JOIN contests c ON c.id = e.contest_id AND c.is_current
         JOIN groups g ON g.id = e.group_id
       )
       SELECT p.id, u.id AS user_id, u.username, u.first_name, u.last_name, u.email, p.pictures_urls[1] AS picture_url,
              p.category, p.total_votes, s.current_contest_votes, s.rank, s.group_number,
              COALESCE(s.is_eliminated, false) AS is_eliminated
       FROM contestant_profiles p
       JOIN users u ON u.id = p.user_id
       LEFT JOIN standing s ON s.user_id = u.id
       WHERE ${MATCH}
       ORDER BY lower(u.username), u.id
       OFFSET $2 LIMIT $3`,
      [pattern, skip, limit ?? null],
    );
    const total: { n: number }[] = await this.em.query(`SELECT count(*)::int AS n FROM contestant_profiles p JOIN users u ON u.id = p.user_id WHERE ${MATCH}`, [
      pattern,
    ]);
    return [rows, total[0].n];
  }
}
