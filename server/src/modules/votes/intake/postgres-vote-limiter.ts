import { Transactional } from '#server/infra/database/transactional.js';
import { VoteLimiter, type VoteClaim } from './vote-limiter.js';
import { VoteClaimsRepository } from './vote-claims.repository.js';

const SWEEP_EVERY_MS = 10 * 60 * 1000;

const slot = (profileId: number, key: string) => `${profileId}\u0000${key}`;

/**
 * One-process mode (an adapter, chosen in votes.module.ts; its statements are in
 * VoteClaimsRepository): a conditional upsert takes a slot that is free or expired; a held slot is
 * neither changed nor returned. The claims of a call and the job `store` adds (in this transaction,
 * `inTransaction`) commit together or not at all, so a vote that could not be stored holds nothing,
 * whatever became of the database meanwhile. Simultaneous claims of one slot in other transactions
 * wait on its row and see it held once this one commits.
 */
export class PostgresVoteLimiter extends VoteLimiter {
  private lastSweep = Date.now();

  constructor(private readonly claims: VoteClaimsRepository) {
    super();
  }

  claim(claims: readonly VoteClaim[], windowSeconds: number, store: (won: VoteClaim[]) => Promise<void>): Promise<boolean[]> {
    this.sweepNowAndThen();
    return this.claimAndStore(claims, windowSeconds, store);
  }

  /** Always a transaction of its own: its claims must not outlive a failed store, nor wait on a caller's commit. */
  @Transactional({ own: true })
  private async claimAndStore(claims: readonly VoteClaim[], windowSeconds: number, store: (won: VoteClaim[]) => Promise<void>): Promise<boolean[]> {
    const won = await this.takeInOrder(claims, windowSeconds);
    const winners = claims.filter((_, i) => won[i]);
    if (winners.length) await store(winners);
    return won;
  }

  /**
   * Each claim all or none, in order. A statement cannot take one row twice, so the claims go in
   * rounds of claims that share no slot: a claim sharing a slot with an earlier one still undecided
   * waits for the next round, and loses at once to an earlier one that won. Nearly always one round.
   */
  private async takeInOrder(claims: readonly VoteClaim[], windowSeconds: number): Promise<boolean[]> {
    const won: boolean[] = claims.map(() => false);
    const slots = claims.map((c) => [...new Set(c.voterKeys)].map((k) => slot(c.profileId, k)));
    const held = new Set<string>();
    let pending = claims.map((_, i) => i);
    while (pending.length) {
      const round: number[] = [];
      const taken = new Set<string>();
      const later: number[] = [];
      const waiting = new Set<string>();
      for (const i of pending) {
        if (slots[i].some((s) => held.has(s))) continue;
        if (slots[i].some((s) => taken.has(s) || waiting.has(s))) {
          later.push(i);
          slots[i].forEach((s) => waiting.add(s));
          continue;
        }
        round.push(i);
        slots[i].forEach((s) => taken.add(s));
      }
      if (!round.length) break;
      const counts = await this.claims.take(
        round.map((i) => claims[i]),
        windowSeconds,
      );
      const partial: VoteClaim[] = [];
      for (const i of round) {
        const n = counts.get(claims[i].voteId) ?? 0;
        won[i] = n === slots[i].length;
        if (won[i]) slots[i].forEach((s) => held.add(s));
        else if (n > 0) partial.push(claims[i]);
      }
      // A claim that got some of its slots gives them back: all or none.
      if (partial.length) await this.claims.release(partial);
      pending = later;
    }
    return won;
  }

  holds(profileId: number, voterKeys: readonly string[]): Promise<boolean> {
    return this.claims.anyHeld(profileId, voterKeys);
  }

  heldUntil(profileId: number, voterKeys: readonly string[]): Promise<Date | null> {
    return this.claims.lastExpiry(profileId, voterKeys);
  }

  /** Expired slots are only dead weight (a claim reuses them anyway): removed every few minutes. */
  private sweepNowAndThen(): void {
    if (Date.now() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = Date.now();
    this.claims.deleteExpired().catch(() => undefined);
  }
}
