import type { Redis } from 'ioredis';
import { StandingsStore, type EntryVotes } from './standings-store.js';

/** A group nobody votes in for this long is dropped; the next read rebuilds it from the database. */
const KEY_TTL_MS = 24 * 3600 * 1000;

/**
 * Scaled mode: a sorted set per group (member: entry id, score: its count), written by the vote
 * workers. Counts only ever grow, and every write is a count the database committed, so ZADD GT
 * makes writes commutative: a late or redelivered job can never lower or double a count, and the
 * set converges to the database. Reads take the larger of the set's and the database's value, so
 * a set that is missing, rebuilt late or lost is never worse than the database alone.
 */
export class RedisStandingsStore extends StandingsStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  /** The hash tag keeps one group's key on one slot should Redis ever be a cluster. */
  key(groupId: number): string {
    return `${this.prefix}:standings:{${groupId}}`;
  }

  async recordVotes(groupId: number, entries: readonly EntryVotes[]): Promise<void> {
    if (!entries.length) return;
    const key = this.key(groupId);
    const args = entries.flatMap((e) => [e.votes, String(e.id)]);
    await this.redis
      .multi()
      .zadd(key, 'GT', ...args)
      .pexpire(key, KEY_TTL_MS)
      .exec();
  }

  async currentVotes(groupId: number, fromDatabase: readonly EntryVotes[]): Promise<Map<number, number>> {
    const key = this.key(groupId);
    const flat = await this.redis.zrange(key, 0, -1, 'WITHSCORES');
    const stored = new Map<number, number>();
    for (let i = 0; i < flat.length; i += 2) stored.set(Number(flat[i]), Number(flat[i + 1]));
    if (!flat.length && fromDatabase.length) {
      // Missing (never built, expired or flushed): rebuild it from the database's counts.
      const args = fromDatabase.flatMap((e) => [e.votes, String(e.id)]);
      await this.redis
        .multi()
        .zadd(key, 'GT', ...args)
        .pexpire(key, KEY_TTL_MS)
        .exec();
    }
    return new Map(fromDatabase.map((e) => [e.id, Math.max(e.votes, stored.get(e.id) ?? 0)]));
  }
}
