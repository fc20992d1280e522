import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { AuthTokenEntity, type AuthTokenPurpose } from './entities/auth-token.entity.js';

export type ClaimResult = { ok: true; userId: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Single-use e-mail tokens, looked up by the SHA-256 of the token. */
@Injectable()
export class AuthTokensRepository extends BaseRepository {
  async insert(row: { userId: number; purpose: AuthTokenPurpose; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.repo(AuthTokenEntity).insert(row);
  }

  /**
   * Marks the token used if it is unused and unexpired, in one statement, so two clicks on the
   * same link cannot both succeed.
   */
  async claim(purpose: AuthTokenPurpose, tokenHash: string): Promise<ClaimResult> {
    const result = await this.em
      .createQueryBuilder()
      .update(AuthTokenEntity)
      .set({ usedAt: () => 'now()' })
      .where('token_hash = :tokenHash AND purpose = :purpose AND used_at IS NULL AND expires_at > now()', { tokenHash, purpose })
      .returning('user_id')
      .execute();
    const rows = result.raw as { user_id: number }[];
    if (rows.length) return { ok: true, userId: rows[0].user_id };
    const found = await this.repo(AuthTokenEntity).findOne({ where: { tokenHash, purpose, usedAt: IsNull() } });
    return { ok: false, reason: found ? 'expired' : 'invalid' };
  }

  /** Every other unused token of that purpose stops working (a reset makes older reset links useless). */
  async revokeOthers(userId: number, purpose: AuthTokenPurpose): Promise<void> {
    await this.repo(AuthTokenEntity).update({ userId, purpose, usedAt: IsNull() }, { usedAt: () => 'now()' });
  }
}
