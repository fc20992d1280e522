import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import type { AuthTokenPurpose } from './entities/auth-token.entity.js';

export type ClaimResult = { ok: true; userId: number } | { ok: false; reason: 'invalid' | 'expired' };

/** A SHA-256 in hex, as the samples' stored tokens. */
const SAMPLE_HASH = 'a'.repeat(64);

/** Single-use e-mail tokens, looked up by the SHA-256 of the token. */
@Injectable()
export class AuthTokensRepository extends BaseRepository {
  @GenerateSql({ params: [{ userId: 1, purpose: 'verify_email', tokenHash: SAMPLE_HASH, expiresAt: new Date('2026-01-01T12:00:00Z') }] })
  async insert(row: { userId: number; purpose: AuthTokenPurpose; tokenHash: string; expiresAt: Date }): Promise<void> {
    await this.run(
      this.db.insertInto('auth_tokens').values({ user_id: row.userId, purpose: row.purpose, token_hash: row.tokenHash, expires_at: row.expiresAt }),
    );
  }

  /**
   * Marks the token used if it is unused and unexpired, in one statement, so two clicks on the
   * same link cannot both succeed.
   */
  @GenerateSql({ params: ['reset_password', SAMPLE_HASH] })
  async claim(purpose: AuthTokenPurpose, tokenHash: string): Promise<ClaimResult> {
    const claimed = await this.first(
      this.db
        .updateTable('auth_tokens')
        .set({ used_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id'),
    );
    if (claimed) return { ok: true, userId: claimed.user_id };
    // An unused token that could not be claimed is one that has expired.
    const unused = await this.first(
      this.db.selectFrom('auth_tokens').select('id').where('token_hash', '=', tokenHash).where('purpose', '=', purpose).where('used_at', 'is', null).limit(1),
    );
    return { ok: false, reason: unused ? 'expired' : 'invalid' };
  }

  /** Every other unused token of that purpose stops working (a reset makes older reset links useless). */
  @GenerateSql({ params: [1, 'reset_password'] })
  async revokeOthers(userId: number, purpose: AuthTokenPurpose): Promise<void> {
    await this.run(
      this.db
        .updateTable('auth_tokens')
        .set({ used_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null),
    );
  }
}
