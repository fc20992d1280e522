// The Redis half of an adapter contract suite runs against TEST_REDIS_URL (.ci/run sets it to the
// machine's Redis). Without it the half is not run, and a test of its own says so: it passes on a
// developer's machine and fails under CI, since a half that did not run must never pass there.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';

export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

/** A key prefix no other run uses; the suite deletes `${prefix}:*` when it is done. */
export const uniqueRedisPrefix = (name: string) => `test-${name}-${randomBytes(4).toString('hex')}`;

export function describeOnRedis(title: string, body: (redisUrl: string) => void): void {
  if (testRedisUrl) {
    describe(`${title} on Redis`, () => body(testRedisUrl));
    return;
  }
  describe(`${title} on Redis — NOT RUN: TEST_REDIS_URL is unset (.ci/run sets it to redis://127.0.0.1:6379)`, () => {
    it('is not run here: set TEST_REDIS_URL to run it (under CI it must run)', () => {
      // A CI run without the Redis half fails here instead of passing without it.
      expect({ title, CI: process.env.CI ?? null }).toEqual({ title, CI: null });
    });
  });
}
