import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { OidcProvider } from '#contract/auth/constants.js';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';

export interface UserIdentity {
  provider: OidcProvider;
  subject: string;
  userId: number;
  email: string;
  createdAt: Date;
}

/** A sign-in under way, as its callback reads it back. */
export interface PendingSignIn {
  provider: OidcProvider;
  nonce: string;
  codeVerifier: string;
  returnTo: string;
  linkUserId: number | null;
}

const SAMPLE_HASH = 'a'.repeat(64);

/** The provider accounts linked to ours (user_identities) and the sign-ins under way (oidc_sign_ins). */
@Injectable()
export class UserIdentitiesRepository extends BaseRepository {
  @GenerateSql({ params: ['google', '1234567890'] })
  async find(provider: OidcProvider, subject: string): Promise<UserIdentity | null> {
    const row = await this.first(
      this.db
        .selectFrom('user_identities')
        .select(['provider', 'subject', 'user_id as userId', 'email', 'created_at as createdAt'])
        .where('provider', '=', provider)
        .where('subject', '=', subject),
    );
    return row ? { ...row, provider: row.provider as OidcProvider } : null;
  }

  @GenerateSql({ params: [1] })
  async ofUser(userId: number): Promise<UserIdentity[]> {
    const rows = await this.rows(
      this.db
        .selectFrom('user_identities')
        .select(['provider', 'subject', 'user_id as userId', 'email', 'created_at as createdAt'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id'),
    );
    return rows.map((r) => ({ ...r, provider: r.provider as OidcProvider }));
  }

  /** Links a provider account; false when that provider account, or a provider of its kind, is linked already (nothing written). */
  @GenerateSql({ params: [{ provider: 'google', subject: '1234567890', userId: 1, email: 'fan@example.com' }] })
  async insert(identity: { provider: OidcProvider; subject: string; userId: number; email: string }): Promise<boolean> {
    const inserted = await this.first(
      this.db
        .insertInto('user_identities')
        .values({ provider: identity.provider, subject: identity.subject, user_id: identity.userId, email: identity.email })
        .onConflict((oc) => oc.doNothing())
        .returning('id'),
    );
    return inserted !== undefined;
  }

  @GenerateSql({ params: [1, 'google'] })
  async remove(userId: number, provider: OidcProvider): Promise<boolean> {
    const removed = await this.first(this.db.deleteFrom('user_identities').where('user_id', '=', userId).where('provider', '=', provider).returning('id'));
    return removed !== undefined;
  }

  /** A sign-in's start, kept by the SHA-256 of its state; expired ones are swept on the way. */
  @GenerateSql({
    params: [
      {
        stateHash: SAMPLE_HASH,
        provider: 'google',
        nonce: 'n',
        codeVerifier: 'v',
        returnTo: '/',
        linkUserId: null,
        expiresAt: new Date('2026-01-01T12:00:00Z'),
      },
    ],
  })
  async startSignIn(row: PendingSignIn & { stateHash: string; expiresAt: Date }): Promise<void> {
    await this.run(this.db.deleteFrom('oidc_sign_ins').where('expires_at', '<', sql<Date>`now() - interval '1 day'`));
    await this.run(
      this.db.insertInto('oidc_sign_ins').values({
        state_hash: row.stateHash,
        provider: row.provider,
        nonce: row.nonce,
        code_verifier: row.codeVerifier,
        return_to: row.returnTo,
        link_user_id: row.linkUserId,
        expires_at: row.expiresAt,
      }),
    );
  }

  /** The sign-in of this state for this provider, marked used in the same statement: a state works once, and only before it expires. */
  @GenerateSql({ params: [SAMPLE_HASH, 'google'] })
  async claimSignIn(stateHash: string, provider: OidcProvider): Promise<PendingSignIn | null> {
    const row = await this.first(
      this.db
        .updateTable('oidc_sign_ins')
        .set({ used_at: sql<Date>`now()` })
        .where('state_hash', '=', stateHash)
        .where('provider', '=', provider)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['provider', 'nonce', 'code_verifier as codeVerifier', 'return_to as returnTo', 'link_user_id as linkUserId']),
    );
    return row ? { ...row, provider: row.provider as OidcProvider } : null;
  }
}
