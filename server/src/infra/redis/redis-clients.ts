// Every Redis connection of the app is made here, in one of two kinds, and every one has an error
// handler: an outage is logged once when it starts (by whichever connection sees it first) and
// once when it ends (by the first connection back), not once per connection and reconnection try.
import { Logger } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { isRedisUnavailable } from '#server/infra/queue/outage-errors.js';

/** A request waits on one Redis command at most this long (a server that stopped answering). */
export const REDIS_COMMAND_TIMEOUT_MS = 1500;

/** Reconnection: 100 ms, 200 ms, … at most one second between tries, so a returning Redis is used within a second. */
export const redisReconnectDelay = (attempt: number): number => Math.min(attempt * 100, 1000);

/**
 * For connections a request waits on (rate limits, vote slots, the health check, publishing, BullMQ's
 * queues): without a connection a command fails at once (no offline queue, no retry, nothing
 * re-sent after a reconnection), so the request answers 503 instead of hanging, and a command
 * answered with an error never runs later behind the caller's back.
 */
export const failFastRedisOptions = {
  maxRetriesPerRequest: 0,
  enableOfflineQueue: false,
  autoResendUnfulfilledCommands: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 2000,
  retryStrategy: redisReconnectDelay,
} satisfies RedisOptions;

/**
 * For connections nothing waits on (subscribers, BullMQ's workers, whose blocking connection must
 * have `maxRetriesPerRequest: null`): they wait for Redis and carry on when it returns.
 */
export const patientRedisOptions = {
  maxRetriesPerRequest: null,
  // Stated, not left to the defaults: a duplicate of a fail-fast connection would inherit its values.
  enableOfflineQueue: true,
  autoResendUnfulfilledCommands: true,
  commandTimeout: undefined,
  connectTimeout: 2000,
  retryStrategy: redisReconnectDelay,
} satisfies RedisOptions;

const logger = new Logger('Redis');
/** Connections still reconnecting just after another found Redis again: their errors then are not a new outage. */
const SETTLE_MS = 2000;
let downSince: number | null = null;
let upSince = 0;

/** A connection lost Redis: the first one of an outage logs it. */
function lost(err: Error | null): void {
  if (downSince !== null || Date.now() - upSince < SETTLE_MS) return;
  downSince = Date.now();
  logger.warn(`Redis unreachable: requests that need it answer 503 until it returns${err ? ` (${err.message})` : ''}`);
}

/** A connection is ready again: the first one back logs the outage's end. */
function found(): void {
  if (downSince === null) return;
  logger.log(`Redis reachable again after ${((Date.now() - downSince) / 1000).toFixed(1)} s`);
  downSince = null;
  upSince = Date.now();
}

/**
 * Attaches the error handler and the outage log to a connection. Errors other than "cannot reach
 * Redis" are logged as they come. A publish nobody awaits (Socket.IO's adapter and emitter publish
 * without handling the answer) can no longer reject unhandled.
 */
export function watchRedis(client: Redis, name: string): Redis {
  client.on('error', (err: Error) => {
    if (isRedisUnavailable(err)) lost(err);
    else logger.error(`Redis (${name}): ${err.message}`);
  });
  client.on('ready', found);
  const publish = client.publish.bind(client) as (...args: unknown[]) => Promise<number>;
  client.publish = ((...args: unknown[]) => {
    const sent = publish(...args);
    sent.catch(() => undefined);
    return sent;
  }) as Redis['publish'];
  return client;
}

/** A connection of the given kind, watched. */
export function createRedis(url: string, name: string, kind: 'fail-fast' | 'patient'): Redis {
  return watchRedis(new Redis(url, kind === 'fail-fast' ? failFastRedisOptions : patientRedisOptions), name);
}
