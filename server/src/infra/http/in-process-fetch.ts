// The server's drawing of a page reads the API as the browser would (client/src/entry-server.tsx), but
// in-process: Fastify's inject runs the request through the same routes and hooks, with no socket.
import type { FastifyInstance } from 'fastify';

/** Reads only (the drawing asks nothing else): a GET of a path of this server. */
export function inProcessFetch(fastify: FastifyInstance): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method !== 'GET') throw new TypeError(`in-process fetch reads only, not ${method}`);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const target = new URL(url, 'http://in-process');
    if (target.origin !== 'http://in-process') throw new TypeError('in-process fetch reads this server only');
    const answer = await fastify.inject({ method: 'GET', url: `${target.pathname}${target.search}`, headers: { accept: 'application/json' } });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304 || answer.rawPayload.length === 0;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}
