import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { SocialLinks } from '#contract/profiles/answers.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';

/** A user's Instagram and TikTok links. */
@Injectable()
export class SocialLinksRepository extends BaseRepository {
  /** The user's links, or null when the account is gone. */
  @GenerateSql({ params: [1] })
  async find(userId: number): Promise<SocialLinks | null> {
    const row = await this.first(this.db.selectFrom('users').select(['instagram', 'tiktok']).where('id', '=', userId));
    return row ? { instagram: row.instagram, tiktok: row.tiktok } : null;
  }

  /** Replaces both links of this user only; false when the account is gone. */
  @GenerateSql({ params: [1, { instagram: 'https://www.instagram.com/scream_queen', tiktok: null }] })
  async save(userId: number, links: SocialLinks): Promise<boolean> {
    const changed = await this.run(
      this.db
        .updateTable('users')
        .set({ instagram: links.instagram, tiktok: links.tiktok, updated_at: sql<Date>`now()` })
        .where('id', '=', userId),
    );
    return changed > 0;
  }
}
