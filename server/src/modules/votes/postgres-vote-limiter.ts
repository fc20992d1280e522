import { Transactional } from '#server/infra/database/transactional.js';
import { VoteLimiter } from './vote-limiter.js';
import { VoteClaimsRepository } from './vote-claims.repository.js';

class SlotTaken extends Error {}

const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * One-process mode (an adapter, chosen in votes.module.ts; its statements are in
 * VoteClaimsRepository): a conditional upsert takes a slot that is free or expired; a held slot is
 * neither changed nor returned. Simultaneous claims of one slot wait on its row and the losers see
 * it held. Several keys are claimed in one transaction, all or none.
 */
export class PostgresVoteLimiter extends VoteLimiter {
  private lastSweep = Date.now();

  constructor(private readonly claims: VoteClaimsRepository) {
    super();
  }

  async claim(profileId: number, voterKeys: readonly string[], voteId: string, windowSeconds: number): Promise<boolean> {
    this.sweepNowAndThen();
    // Sorted: every claim locks rows in one order, so two claims sharing keys cannot deadlock.
    const keys = [...new Set(voterKeys)].sort();
    if (keys.length === 1) return (await this.claims.take(profileId, keys, windowSeconds, voteId)) === 1;
    try {
      return await this.claimEvery(profileId, keys, voteId, windowSeconds);
    } catch (err) {
      if (err instanceof SlotTaken) return false;
      throw err;
    }
  }

  /** Throws SlotTaken, rolling back the slots it did take, unless it took every one (in its own transaction, always). */
  @Transactional({ own: true })
  private async claimEvery(profileId: number, keys: readonly string[], voteId: string, windowSeconds: number): Promise<true> {
    if ((await this.claims.take(profileId, keys, windowSeconds, voteId)) !== keys.length) throw new SlotTaken();
    return true;
  }

  release(profileId: number, voterKeys: readonly string[], voteId: string): Promise<void> {
    return this.claims.release(profileId, voterKeys, voteId);
  }

  holds(profileId: number, voterKeys: readonly string[]): Promise<boolean> {
    return this.claims.anyHeld(profileId, voterKeys);
  }

  /** Expired slots are only dead weight (a claim reuses them anyway): removed every few minutes. */
  private sweepNowAndThen(): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    this.claims.deleteExpired().catch(() => undefined);
  }
}
