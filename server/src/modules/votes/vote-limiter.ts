import type { DataSource } from 'typeorm';

/** Spec 000 §9: one free vote per contestant per voter per 24 hours. */
export const FREE_VOTE_WINDOW_SECONDS = 24 * 3600;

/**
 * The free-vote slots: (contestant, voter key) pairs held for a window. PostgreSQL in one-process
 * mode, Redis in scaled mode; one contract test suite runs against both (vote-limiter.spec.ts).
 */
export abstract class VoteLimiter {
  /**
   * Claims every key's slot for the contestant for `windowSeconds`, all or none, atomically:
   * true when this vote now holds them all, false when any was already held.
   */
  abstract claim(profileId: number, voterKeys: readonly string[], voteId: string, windowSeconds: number): Promise<boolean>;
  /** Gives back the slots this vote holds (its job could not be stored); others' slots stay. */
  abstract release(profileId: number, voterKeys: readonly string[], voteId: string): Promise<void>;
  /** Whether any of the keys holds a slot for the contestant now. */
  abstract holds(profileId: number, voterKeys: readonly string[]): Promise<boolean>;
}

class SlotTaken extends Error {}

const SWEEP_EVERY_MS = 10 * 60 * 1000;

const CLAIM_SQL = `
  INSERT INTO vote_claims (profile_id, voter_key, expires_at, vote_id)
  SELECT $1, k, now() + make_interval(secs => $3), $4 FROM unnest($2::text[]) AS k
  ON CONFLICT (profile_id, voter_key) DO UPDATE SET expires_at = EXCLUDED.expires_at, vote_id = EXCLUDED.vote_id
  WHERE vote_claims.expires_at <= now()
  RETURNING voter_key`;

/**
 * One-process mode: a conditional upsert takes a slot that is free or expired; a held slot is
 * neither changed nor returned. Simultaneous claims of one slot wait on its row and the losers
 * see it held. Several keys are claimed in one transaction, all or none.
 */
export class PostgresVoteLimiter extends VoteLimiter {
  private lastSweep = Date.now();

  constructor(private readonly ds: DataSource) {
    super();
  }

  async claim(profileId: number, voterKeys: readonly string[], voteId: string, windowSeconds: number): Promise<boolean> {
    this.sweepNowAndThen();
    // Sorted: every claim locks rows in one order, so two claims sharing keys cannot deadlock.
    const keys = [...new Set(voterKeys)].sort();
    const params = [profileId, keys, windowSeconds, voteId];
    if (keys.length === 1) return (await this.ds.query(CLAIM_SQL, params)).length === 1;
    try {
      return await this.ds.transaction(async (em) => {
        const taken: unknown[] = await em.query(CLAIM_SQL, params);
        if (taken.length !== keys.length) throw new SlotTaken(); // rolls back the slots it did take
        return true;
      });
    } catch (err) {
      if (err instanceof SlotTaken) return false;
      throw err;
    }
  }

  async release(profileId: number, voterKeys: readonly string[], voteId: string): Promise<void> {
    await this.ds.query('DELETE FROM vote_claims WHERE profile_id = $1 AND voter_key = ANY($2::text[]) AND vote_id = $3', [profileId, [...voterKeys], voteId]);
  }

  async holds(profileId: number, voterKeys: readonly string[]): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(
      'SELECT 1 FROM vote_claims WHERE profile_id = $1 AND voter_key = ANY($2::text[]) AND expires_at > now() LIMIT 1',
      [profileId, [...voterKeys]],
    );
    return rows.length > 0;
  }

  /** Expired slots are only dead weight (a claim reuses them anyway): removed every few minutes. */
  private sweepNowAndThen(): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    this.ds.query('DELETE FROM vote_claims WHERE expires_at <= now()').catch(() => undefined);
  }
}
