import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { unnest } from '#server/infra/database/query-builder.js';

/** profile_views of contestant profiles. */
@Injectable()
export class ProfileViewsRepository extends BaseRepository {
  /** Only verified accounts' profiles are public. */
  @GenerateSql({ params: ['scream_queen'] })
  async profileIdOf(username: string): Promise<number | null> {
    const row = await this.first(
      this.db
        .selectFrom('contestant_profiles as p')
        .innerJoin('users as u', 'u.id', 'p.user_id')
        .select('p.id')
        .where((eb) => eb(eb.fn('lower', ['u.username']), '=', eb.fn('lower', [eb.val(username)])))
        .where('u.is_verified', '=', true),
    );
    return row?.id ?? null;
  }

  @GenerateSql({ params: [1] })
  async views(profileId: number): Promise<number> {
    const row = await this.first(this.db.selectFrom('contestant_profiles').select('profile_views').where('id', '=', profileId));
    return row?.profile_views ?? 0;
  }

  /** Adds each profile's count (profile id, views) in one statement; answers the new totals (deleted profiles are skipped). */
  @GenerateSql({
    params: [
      [
        [1, 3],
        [2, 1],
      ],
    ],
  })
  async add(counts: Iterable<readonly [number, number]>): Promise<Map<number, number>> {
    const ids: number[] = [];
    const added: number[] = [];
    for (const [id, n] of counts) {
      ids.push(id);
      added.push(n);
    }
    const rows = await this.rows(
      this.db
        .updateTable('contestant_profiles as p')
        .from(unnest('v', { id: ['int', ids], n: ['int', added] }))
        .set((eb) => ({ profile_views: eb('p.profile_views', '+', eb.ref('v.n')) }))
        .whereRef('p.id', '=', 'v.id')
        .returning(['p.id', 'p.profile_views']),
    );
    return new Map(rows.map((r) => [r.id, r.profile_views]));
  }
}
