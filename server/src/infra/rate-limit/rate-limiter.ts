import type { Redis } from 'ioredis';
import { RateLimiterPostgres, RateLimiterRedis, type RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';

export interface RateState {
  hits: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/** Fixed-window counters: PostgreSQL in one-process mode, Redis in scaled mode. */
export abstract class RateLimiter {
  /** Counts one hit for the key and answers the count in the current window. */
  abstract hit(key: string, windowSeconds: number): Promise<RateState>;
  /**
   * Takes back one hit counted in the same window (a reservation that turned out not to count,
   * e.g. a sign-in that succeeded). Atomic like hit, so hit-then-release is a reservation.
   */
  abstract release(key: string, windowSeconds: number): Promise<void>;
  /** Current count without counting. */
  abstract peek(key: string): Promise<RateState>;
  abstract reset(key: string): Promise<void>;
}

const stateOf = (res: RateLimiterRes): RateState => ({
  hits: res.consumedPoints,
  retryAfter: res.msBeforeNext > 0 ? Math.ceil(res.msBeforeNext / 1000) : 0,
});

/**
 * Both adapters are `rate-limiter-flexible` stores (decision 012). The library fixes one duration per
 * limiter, so there is one per window length, all on one key space: a hit is `penalty(key, 1)`
 * (counts, never refuses: the callers decide on the count), a release `reward(key, 1)`, peek is
 * `get`, reset is `delete`, which read and write the same key whatever its window. The first window
 * started fixes the window's end.
 */
abstract class FlexibleRateLimiter extends RateLimiter {
  private readonly byWindow = new Map<number, RateLimiterStoreAbstract>();
  private readerLimiter: RateLimiterStoreAbstract | null = null;

  /** `main` is the one limiter that also does housekeeping, if the store needs any. */
  protected abstract create(windowSeconds: number, main: boolean): RateLimiterStoreAbstract;

  async hit(key: string, windowSeconds: number): Promise<RateState> {
    return stateOf(await this.forWindow(windowSeconds).penalty(key, 1));
  }

  async release(key: string, windowSeconds: number): Promise<void> {
    await this.forWindow(windowSeconds).reward(key, 1);
  }

  private forWindow(windowSeconds: number): RateLimiterStoreAbstract {
    let limiter = this.byWindow.get(windowSeconds);
    if (!limiter) {
      limiter = this.create(windowSeconds, false);
      this.byWindow.set(windowSeconds, limiter);
    }
    return limiter;
  }

  async peek(key: string): Promise<RateState> {
    const res = await this.reader.get(key);
    return res ? stateOf(res) : { hits: 0, retryAfter: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.reader.delete(key);
  }

  /** Reads and deletes; its duration (none) is never used. Made on first use: adapters set their fields after this constructor. */
  private get reader(): RateLimiterStoreAbstract {
    return (this.readerLimiter ??= this.create(0, true));
  }
}

/**
 * Counters in the `rate_limits` table (migration 1767300000000, the library's column shape), on the
 * app's own pg pool. The library never creates tables (`tableCreated: true`); one limiter deletes rows
 * expired for an hour every five minutes (an unref'd timer).
 */
export class PostgresRateLimiter extends FlexibleRateLimiter {
  constructor(private readonly ds: DataSource) {
    super();
  }

  protected create(windowSeconds: number, main: boolean): RateLimiterStoreAbstract {
    return new RateLimiterPostgres({
      storeClient: (this.ds.driver as unknown as { master: unknown }).master,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      clearExpiredByTimeout: main,
      keyPrefix: '',
      points: 1,
      duration: windowSeconds,
    });
  }
}

/** Counters at `${prefix}:rl:<key>` (integer strings with an expiry, as before), on the infra ioredis client. */
export class RedisRateLimiter extends FlexibleRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  protected create(windowSeconds: number): RateLimiterStoreAbstract {
    return new RateLimiterRedis({ storeClient: this.redis, keyPrefix: `${this.prefix}:rl`, points: 1, duration: windowSeconds });
  }
}
