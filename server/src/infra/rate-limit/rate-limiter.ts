import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';

export interface RateState {
  hits: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/** Fixed-window counters: PostgreSQL in one-process mode, Redis in scaled mode. */
export abstract class RateLimiter {
  /** Counts one hit for the key and answers the count in the current window. */
  abstract hit(key: string, windowSeconds: number): Promise<RateState>;
  /** Current count without counting. */
  abstract peek(key: string): Promise<RateState>;
  abstract reset(key: string): Promise<void>;
}

export class PostgresRateLimiter extends RateLimiter {
  constructor(private readonly ds: DataSource) {
    super();
  }

  async hit(key: string, windowSeconds: number): Promise<RateState> {
    const rows: { hits: number; retry_after: number }[] = await this.ds.query(
      `INSERT INTO rate_limits (key, hits, window_ends_at) VALUES ($1, 1, now() + make_interval(secs => $2))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limits.window_ends_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
         window_ends_at = CASE WHEN rate_limits.window_ends_at <= now() THEN EXCLUDED.window_ends_at ELSE rate_limits.window_ends_at END
       RETURNING hits, ceil(extract(epoch FROM window_ends_at - now()))::int AS retry_after`,
      [key, windowSeconds],
    );
    return { hits: rows[0].hits, retryAfter: Math.max(0, rows[0].retry_after) };
  }

  async peek(key: string): Promise<RateState> {
    const rows: { hits: number; retry_after: number }[] = await this.ds.query(
      `SELECT hits, ceil(extract(epoch FROM window_ends_at - now()))::int AS retry_after
       FROM rate_limits WHERE key = $1 AND window_ends_at > now()`,
      [key],
    );
    return rows.length ? { hits: rows[0].hits, retryAfter: Math.max(0, rows[0].retry_after) } : { hits: 0, retryAfter: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.ds.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }
}

export class RedisRateLimiter extends RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  async hit(key: string, windowSeconds: number): Promise<RateState> {
    const k = `${this.prefix}:rl:${key}`;
    const [[, hits], , [, ttl]] = (await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').ttl(k).exec()) as [
      [Error | null, number],
      [Error | null, number],
      [Error | null, number],
    ];
    return { hits, retryAfter: Math.max(0, ttl) };
  }

  async peek(key: string): Promise<RateState> {
    const k = `${this.prefix}:rl:${key}`;
    const [hits, ttl] = await Promise.all([this.redis.get(k), this.redis.ttl(k)]);
    return { hits: hits ? Number(hits) : 0, retryAfter: Math.max(0, ttl) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}:rl:${key}`);
  }
}
