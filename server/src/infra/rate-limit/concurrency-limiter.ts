import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/** A place taken under a key; giving it back twice is harmless. */
export interface Lease {
  release(): Promise<void>;
}

/**
 * At most `max` holders of a key at once (uploads in progress per user or per address). A holder
 * that never gives its place back (a crashed process) loses it after `ttlSeconds`. One process keeps
 * the places in memory; scaled mode keeps them in Redis, shared by every api process.
 */
export abstract class ConcurrencyLimiter {
  /** A place under `key`, or null at once when `max` are held. */
  abstract acquire(key: string, max: number, ttlSeconds: number): Promise<Lease | null>;
}

/** One process (`npm start` has exactly one api process): a map of holders and their deadlines. */
export class InProcessConcurrencyLimiter extends ConcurrencyLimiter {
  private readonly holders = new Map<string, Map<string, number>>();

  acquire(key: string, max: number, ttlSeconds: number): Promise<Lease | null> {
    const now = Date.now();
    const held = this.holders.get(key) ?? new Map<string, number>();
    for (const [token, until] of held) if (until <= now) held.delete(token);
    if (held.size >= max) return Promise.resolve(null);
    const token = randomUUID();
    held.set(token, now + ttlSeconds * 1000);
    this.holders.set(key, held);
    return Promise.resolve({
      release: () => {
        const current = this.holders.get(key);
        current?.delete(token);
        if (current?.size === 0) this.holders.delete(key);
        return Promise.resolve();
      },
    });
  }
}

// One sorted set per key: member = holder token, score = its deadline (ms, Redis's own clock, so the
// api processes' clocks do not matter). Expired holders go first; a place is taken only while fewer
// than ARGV[2] are held. A Lua script runs atomically, so two processes cannot both take the last place.
const ACQUIRE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + ttl, ARGV[3])
redis.call('PEXPIRE', KEYS[1], ttl)
return 1`;

interface LimiterCommands {
  screamstageLeaseAcquire(key: string, ttlMs: number, max: number, token: string): Promise<number>;
}

/** Scaled mode: the places at `${prefix}:lease:<key>`, shared by every api process. */
export class RedisConcurrencyLimiter extends ConcurrencyLimiter {
  private readonly commands: LimiterCommands;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
    // defineCommand sends the script once and then calls it by its hash (EVALSHA).
    redis.defineCommand('screamstageLeaseAcquire', { numberOfKeys: 1, lua: ACQUIRE_LUA });
    this.commands = redis as unknown as LimiterCommands;
  }

  async acquire(key: string, max: number, ttlSeconds: number): Promise<Lease | null> {
    const redisKey = `${this.prefix}:lease:${key}`;
    const token = randomUUID();
    const taken = await this.commands.screamstageLeaseAcquire(redisKey, Math.round(ttlSeconds * 1000), max, token);
    if (taken !== 1) return null;
    return {
      release: async () => {
        await this.redis.zrem(redisKey, token);
      },
    };
  }
}
