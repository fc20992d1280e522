// Errors that mean "a service this process depends on cannot be reached right now" (PostgreSQL or
// Redis), as opposed to "this work is wrong": a job failing so waits and tries again without using
// up an attempt, and a request failing so is answered 503 with Retry-After, never 500.
import { isDatabaseUnavailable } from '#server/infra/database/database-errors.js';

/** Node's socket errors when connecting to or talking with Redis. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * What ioredis says when it has no connection (a closed connection, no offline queue, a command
 * that timed out or ran out of reconnection tries), and Redis's own replies of a server that is
 * loading, read-only during a failover or without its primary.
 */
const UNAVAILABLE_MESSAGES = [
  'Connection is closed',
  "Stream isn't writeable",
  'Command timed out',
  'Reached the max retries per request limit',
  'LOADING ',
  'READONLY ',
  'MASTERDOWN ',
  'TRYAGAIN ',
];
const UNAVAILABLE_NAMES = new Set(['MaxRetriesPerRequestError', 'ConnectionClosedError']);

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** True when the error (or what it wraps: a cause, an AggregateError's parts) says Redis cannot be reached now. */
export function isRedisUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as ErrorLike;
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).startsWith(m) || (e.message as string).includes(`: ${m}`)))
    return true;
  if (typeof e.message === 'string' && /\bECONNREFUSED\b/.test(e.message)) return true;
  const inner = [e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((i) => i !== err && isRedisUnavailable(i, depth + 1));
}

/** An outage that passes: PostgreSQL or Redis cannot be reached right now. */
export const isOutage = (err: unknown): boolean => isDatabaseUnavailable(err) || isRedisUnavailable(err);
