import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';

/** Takes every slot that is free or expired; a held slot is neither changed nor returned. */
const CLAIM_SQL = `
  INSERT INTO vote_claims (profile_id, voter_key, expires_at, vote_id)
  SELECT $1, k, now() + make_interval(secs => $3), $4 FROM unnest($2::text[]) AS k
  ON CONFLICT (profile_id, voter_key) DO UPDATE SET expires_at = EXCLUDED.expires_at, vote_id = EXCLUDED.vote_id
  WHERE vote_claims.expires_at <= now()
  RETURNING voter_key`;

/** The free-vote slots of one-process mode (`vote_claims`), for PostgresVoteLimiter. */
@Injectable()
export class VoteClaimsRepository extends BaseRepository {
  /** How many of the keys' slots this vote took (conditional upsert, keys in the order given). */
  async take(profileId: number, voterKeys: readonly string[], windowSeconds: number, voteId: string): Promise<number> {
    const taken: unknown[] = await this.em.query(CLAIM_SQL, [profileId, voterKeys, windowSeconds, voteId]);
    return taken.length;
  }

  /** Deletes the keys' slots that this vote holds; others' stay. */
  async release(profileId: number, voterKeys: readonly string[], voteId: string): Promise<void> {
    await this.em.query('DELETE FROM vote_claims WHERE profile_id = $1 AND voter_key = ANY($2::text[]) AND vote_id = $3', [profileId, [...voterKeys], voteId]);
  }

  async anyHeld(profileId: number, voterKeys: readonly string[]): Promise<boolean> {
    const rows: unknown[] = await this.em.query(
      'SELECT 1 FROM vote_claims WHERE profile_id = $1 AND voter_key = ANY($2::text[]) AND expires_at > now() LIMIT 1',
      [profileId, [...voterKeys]],
    );
    return rows.length > 0;
  }

  async deleteExpired(): Promise<void> {
    await this.em.query('DELETE FROM vote_claims WHERE expires_at <= now()');
  }
}
