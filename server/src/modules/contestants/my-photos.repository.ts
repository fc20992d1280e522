import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';

export interface ProfilePictures {
  profileId: number;
  picturesUrls: string[];
}

/** The signed-in contestant's own pictures_urls (the photos page). */
@Injectable()
export class MyPhotosRepository extends BaseRepository {
  async picturesOf(userId: number): Promise<ProfilePictures | null> {
    return this.one('SELECT id, pictures_urls FROM contestant_profiles WHERE user_id = $1', userId);
  }

  /** The same, with the profile row locked until the transaction ends: one photo change at a time. */
  async lockPictures(userId: number): Promise<ProfilePictures | null> {
    return this.one('SELECT id, pictures_urls FROM contestant_profiles WHERE user_id = $1 FOR UPDATE', userId);
  }

  async setPictures(profileId: number, urls: string[]): Promise<void> {
    await this.em.query('UPDATE contestant_profiles SET pictures_urls = $2::text[], updated_at = now() WHERE id = $1', [profileId, urls]);
  }

  private async one(sql: string, userId: number): Promise<ProfilePictures | null> {
    const rows: { id: number; pictures_urls: string[] | null }[] = await this.em.query(sql, [userId]);
    return rows[0] ? { profileId: rows[0].id, picturesUrls: rows[0].pictures_urls ?? [] } : null;
  }
}
