// Errors that mean "the database cannot be reached right now" rather than "this query is wrong":
// the HTTP answer is then 503 (try again), never 500.

/** Node's socket errors when connecting to or talking with the server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01-57P03 (the server shutting down, crashed, or
 * not yet accepting connections), 53300 (too many connections).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300)$/;

/** pg and pg-pool say these in words only; TypeORM's own errors once its pool is gone. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'is not queryable',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
];
const UNAVAILABLE_NAMES = new Set(['ConnectionIsNotSetError', 'ConnectionNotFoundError']);

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** True when the error (or what it wraps: TypeORM's driverError, a cause, an AggregateError's parts) is one of those. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as ErrorLike;
  if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || UNAVAILABLE_STATES.test(e.code))) return true;
  if (typeof e.name === 'string' && UNAVAILABLE_NAMES.has(e.name)) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((m) => (e.message as string).includes(m))) return true;
  const inner = [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((i) => i !== err && isDatabaseUnavailable(i, depth + 1));
}
