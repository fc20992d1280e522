import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';

/** profile_views of contestant profiles. */
@Injectable()
export class ProfileViewsRepository extends BaseRepository {
  /** Only verified accounts' profiles are public. */
  async profileIdOf(username: string): Promise<number | null> {
    const rows: { id: number }[] = await this.em.query(
      'SELECT p.id FROM contestant_profiles p JOIN users u ON u.id = p.user_id WHERE lower(u.username) = lower($1) AND u.is_verified',
      [username],
    );
    return rows[0]?.id ?? null;
  }

  async views(profileId: number): Promise<number> {
    const rows: { profile_views: number }[] = await this.em.query('SELECT profile_views FROM contestant_profiles WHERE id = $1', [profileId]);
    return rows[0]?.profile_views ?? 0;
  }

  /** Adds each profile's count in one statement; answers the new totals (deleted profiles are skipped). */
  async add(counts: Map<number, number>): Promise<Map<number, number>> {
    const rows: { id: number; profile_views: number }[] = await this.em.query(
      `WITH added AS (
         UPDATE contestant_profiles p SET profile_views = p.profile_views + v.n
         FROM unnest($1::int[], $2::int[]) AS v(id, n) WHERE p.id = v.id
         RETURNING p.id, p.profile_views)
       SELECT id, profile_views FROM added`,
      [[...counts.keys()], [...counts.values()]],
    );
    return new Map(rows.map((r) => [r.id, r.profile_views]));
  }
}
