import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import { queryBuilder as db } from '#server/infra/database/query-builder.js';

export interface ProfilePictures {
  profileId: number;
  picturesUrls: string[];
}

const PICTURES = (userId: number) =>
  db.selectFrom('contestant_profiles').select(['id as profileId', 'pictures_urls as picturesUrls']).where('user_id', '=', userId);

/** The signed-in contestant's own pictures_urls (the photos page). */
@Injectable()
export class MyPhotosRepository extends BaseRepository {
  @GenerateSql({ params: [1] })
  async picturesOf(userId: number): Promise<ProfilePictures | null> {
    return (await this.first(PICTURES(userId))) ?? null;
  }

  /** The same, with the profile row locked until the transaction ends: one photo change at a time. */
  @GenerateSql({ params: [1] })
  async lockPictures(userId: number): Promise<ProfilePictures | null> {
    return (await this.first(PICTURES(userId).forUpdate())) ?? null;
  }

  @GenerateSql({ params: [1, ['/uploads/profiles/a.png', '/uploads/profiles/b.png']] })
  async setPictures(profileId: number, urls: string[]): Promise<void> {
    await this.run(
      db
        .updateTable('contestant_profiles')
        .set({ pictures_urls: urls, updated_at: sql<Date>`now()` })
        .where('id', '=', profileId),
    );
  }
}
