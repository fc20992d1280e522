import { Injectable } from '@nestjs/common';
import type { SocialLinks } from '#contract/profiles/answers.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { UserEntity } from './entities/user.entity.js';

/** A user's Instagram and TikTok links. */
@Injectable()
export class SocialLinksRepository extends BaseRepository {
  /** The user's links, or null when the account is gone. */
  async find(userId: number): Promise<SocialLinks | null> {
    const user = await this.repo(UserEntity).findOne({ where: { id: userId }, select: { id: true, instagram: true, tiktok: true } });
    return user ? { instagram: user.instagram, tiktok: user.tiktok } : null;
  }

  /** Replaces both links of this user only; false when the account is gone. */
  async save(userId: number, links: SocialLinks): Promise<boolean> {
    const result = await this.repo(UserEntity).update({ id: userId }, { instagram: links.instagram, tiktok: links.tiktok });
    return (result.affected ?? 0) > 0;
  }
}
