import { Injectable } from '@nestjs/common';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import type { VoteClaim } from './vote-limiter.js';

/**
 * Takes every slot that is free or expired; a held slot is neither changed nor returned. Rows in one
 * order (contestant, key), so two transactions taking the same slots cannot deadlock.
 */
const CLAIM_SQL = `
  INSERT INTO vote_claims (profile_id, voter_key, expires_at, vote_id)
  SELECT c.profile_id, c.voter_key, now() + make_interval(secs => $4), c.vote_id
  FROM unnest($1::int[], $2::text[], $3::uuid[]) AS c (profile_id, voter_key, vote_id)
  ORDER BY c.profile_id, c.voter_key
  ON CONFLICT (profile_id, voter_key) DO UPDATE SET expires_at = EXCLUDED.expires_at, vote_id = EXCLUDED.vote_id
  WHERE vote_claims.expires_at <= now()
  RETURNING vote_id::text`;

/** The rows of the claims' slots, one per (contestant, key), as three parallel arrays. */
function rowsOf(claims: readonly VoteClaim[]): [number[], string[], string[]] {
  const profiles: number[] = [];
  const keys: string[] = [];
  const votes: string[] = [];
  for (const c of claims) {
    for (const key of new Set(c.voterKeys)) {
      profiles.push(c.profileId);
      keys.push(key);
      votes.push(c.voteId);
    }
  }
  return [profiles, keys, votes];
}

/** The free-vote slots of one-process mode (`vote_claims`), for PostgresVoteLimiter. */
@Injectable()
export class VoteClaimsRepository extends BaseRepository {
  /**
   * Takes the claims' slots in one statement (no two claims may share a slot); answers how many
   * slots each vote took, by vote id.
   */
  async take(claims: readonly VoteClaim[], windowSeconds: number): Promise<Map<string, number>> {
    const taken: { vote_id: string }[] = await this.em.query(CLAIM_SQL, [...rowsOf(claims), windowSeconds]);
    const counts = new Map<string, number>();
    for (const { vote_id } of taken) counts.set(vote_id, (counts.get(vote_id) ?? 0) + 1);
    return counts;
  }

  /** Deletes the claims' slots that their own votes hold; others' stay. */
  async release(claims: readonly VoteClaim[]): Promise<void> {
    await this.em.query(
      `DELETE FROM vote_claims v USING unnest($1::int[], $2::text[], $3::uuid[]) AS c (profile_id, voter_key, vote_id)
       WHERE v.profile_id = c.profile_id AND v.voter_key = c.voter_key AND v.vote_id = c.vote_id`,
      rowsOf(claims),
    );
  }

  async anyHeld(profileId: number, voterKeys: readonly string[]): Promise<boolean> {
    const rows: unknown[] = await this.em.query(
      'SELECT 1 FROM vote_claims WHERE profile_id = $1 AND voter_key = ANY($2::text[]) AND expires_at > now() LIMIT 1',
      [profileId, [...voterKeys]],
    );
    return rows.length > 0;
  }

  /** The latest expiry of the keys' slots still held for the contestant; null when none is. */
  async lastExpiry(profileId: number, voterKeys: readonly string[]): Promise<Date | null> {
    const [row]: { until: Date | null }[] = await this.em.query(
      'SELECT max(expires_at) AS until FROM vote_claims WHERE profile_id = $1 AND voter_key = ANY($2::text[]) AND expires_at > now()',
      [profileId, [...voterKeys]],
    );
    return row?.until ? new Date(row.until) : null;
  }

  async deleteExpired(): Promise<void> {
    await this.em.query('DELETE FROM vote_claims WHERE expires_at <= now()');
  }
}
