// The load generator's HTTP client: undici dispatchers (keep-alive HTTP/1.1, no pipelining), each
// bound to one source address, so that every fan is a distinct client address to the server
// (Linux routes all of 127.0.0.0/8 to lo).
//
// The generator shares the machine's cores with the app, so a request should cost it little:
// requests go through `dispatch` with a handler that keeps the status and drops the body (no
// response object, no body stream: 10-50 % less CPU per answer than `request()` here), and a fan's
// single connection is a Client, the one-connection dispatcher a Pool is made of (a fan costs one
// new dispatcher and one connect per BENCH_VOTES_PER_VOTER votes, so its set-up counts). Measured
// against a trivial server, this still costs the generator more CPU per answer than the raw-socket
// client it replaced (about +25 % for a GET on a kept connection, +40 % for a fan's votes).
import { Client, Pool } from 'undici';
import { S } from './settings.mjs';

/** Addresses in one loopback block (127.<block>.x.y, y in 2..254). */
const PER_BLOCK = 256 * 253;

/**
 * The i-th address of a loopback block: 127.<block>.<x>.<y>, y in 2..254 (a distinct voter each).
 * Past the block's 64,768 addresses it goes on in block + 8, + 16, ... (blocks 0-7 are the bench's own),
 * so that no address repeats.
 */
export const loopback = (i, block) => `127.${block + 8 * Math.floor(i / PER_BLOCK)}.${Math.floor(i / 253) % 256}.${2 + (i % 253)}`;

/**
 * Keep-alive connections to `origin` (http://127.0.0.1:<port>), all from `localAddress`: a Pool of
 * up to `connections`, or for one connection a Client.
 */
export const openPool = (origin, localAddress, connections = 1) =>
  connections > 1 ? new Pool(origin, { connections, localAddress, pipelining: 1 }) : new Client(origin, { localAddress, pipelining: 1 });

/** Closes the dispatcher's connections now (its requests are all answered by then). */
export const dropPool = (pool) => void pool?.destroy().catch(() => undefined);

/**
 * A request's options, built once and reused: `{ method, path }` (a POST has no body), with the
 * BENCH_ACCEPT_ENCODING header when set (the generator drops bodies, so it never decodes them).
 */
export const requestOf = (method, path) => (S.acceptEncoding ? { method, path, headers: { 'accept-encoding': S.acceptEncoding } } : { method, path });

/**
 * One request on the dispatcher, timed from now or from `from` (a performance.now() time, e.g.
 * when a vote was due); status 0 when it failed (the dispatcher connects again for the next).
 * With `keep`, also the Retry-After header (its value, or null) and the body's text (a 201's vote id,
 * a refusal's detail: vote answers are small), for the faults phase; without, the body is dropped.
 */
export function timed(pool, req, from = performance.now(), keep = false) {
  return new Promise((resolve) => {
    let status = 0;
    let retryAfter = null;
    let body = '';
    const done = (s) => resolve(keep ? { status: s, ms: performance.now() - from, retryAfter, body } : { status: s, ms: performance.now() - from });
    try {
      pool.dispatch(req, {
        onRequestStart() {},
        onResponseStart(_controller, statusCode, headers) {
          status = statusCode;
          if (keep && headers['retry-after'] !== undefined) retryAfter = String(headers['retry-after']);
        },
        onResponseData(_controller, chunk) {
          if (keep) body += chunk.toString();
        },
        onResponseEnd() {
          done(status);
        },
        onResponseError() {
          done(0);
        },
      });
    } catch {
      done(0);
    }
  });
}

/** A single request on a connection of its own (the probes of the socket phase). */
export async function send(origin, method, path, localAddress) {
  const pool = openPool(origin, localAddress);
  try {
    return await timed(pool, requestOf(method, path));
  } finally {
    dropPool(pool);
  }
}
