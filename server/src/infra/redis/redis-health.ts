import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '#server/infra/infra.module.js';

/** The health probe of Redis, when REDIS_URL configures one. */
@Injectable()
export class RedisHealth {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  get configured(): boolean {
    return this.redis !== null;
  }

  /** True when Redis answers a PING, or when none is configured. */
  async check(): Promise<boolean> {
    if (!this.redis) return true;
    return this.redis.ping().then(
      () => true,
      () => false,
    );
  }
}
