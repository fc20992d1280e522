// The Redis half of an adapter contract suite runs against TEST_REDIS_URL (.ci/run sets it to the
// machine's Redis). Without it the half is not run: a developer's run lists it as a todo, and a CI run
// (CI set) fails, since a half that did not run must never pass as green.
import { randomBytes } from 'node:crypto';
import { describe, it } from '@jest/globals';

export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;

/** A key prefix no other run uses; the suite deletes `${prefix}:*` when it is done. */
export const uniqueRedisPrefix = (name: string) => `test-${name}-${randomBytes(4).toString('hex')}`;

export function describeOnRedis(title: string, body: (redisUrl: string) => void): void {
  if (testRedisUrl) {
    describe(`${title} on Redis`, () => body(testRedisUrl));
    return;
  }
  describe(`${title} on Redis — NOT RUN: TEST_REDIS_URL is unset (.ci/run sets it to redis://127.0.0.1:6379)`, () => {
    if (process.env.CI) {
      it('must run under CI: set TEST_REDIS_URL', () => {
        throw new Error(`${title}: the Redis half did not run, because TEST_REDIS_URL is unset`);
      });
    } else {
      it.todo('set TEST_REDIS_URL to run the Redis adapter against this contract');
    }
  });
}
