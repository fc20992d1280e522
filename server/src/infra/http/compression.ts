// On-the-fly compression of API answers. Client files are not compressed here: they come as the
// Brotli and gzip copies made at build (vite.config.ts, @fastify/static preCompressed), pages are
// compressed by their shell (infra/ssr/page-shell.ts: once at start, or once per drawing), pictures are compressed formats already, and the Socket.IO endpoint never reaches
// Fastify's routes. Safe against BREACH-style guessing: sessions are bearer
// tokens sent by our script, never cookies a cross-site page could make the browser send.
import compress from '@fastify/compress';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import { constants } from 'node:zlib';
import { varyByEncoding } from '#server/common/http/accept-encoding.js';
import { CompressedAnswers } from './compressed-answers.js';

/** Smaller answers (a vote, a vote-check, an error) go as they are: they fit a packet either way. */
export const COMPRESS_MIN_BYTES = 1024;

/** Brotli's default quality (11) takes 9 ms on a leaderboard, quality 4 under 0.1 ms and nearly as small (docs/benchmarks.md). */
const BROTLI_QUALITY = 4;

/**
 * Answers up to this size are compressed in one call on the event loop (well under a millisecond at
 * quality 4). With the plugin's default (8 KB on two cores) a 10 KB leaderboard went through a zlib
 * stream per request, at four to five times the CPU of one call (docs/benchmarks.md).
 */
const SYNC_MAX_BYTES = 64 * 1024;

/** Whether Fastify's route is compressed on the fly: the API (under /api/, as Nest's prefix and the docs are). */
const isCompressedRoute = (url: string | undefined): boolean => url !== undefined && url.startsWith('/api/');

/** Adds a hook to a route's onSend hooks, last. */
function addOnSend(route: RouteOptions, hook: onSendHookHandler): void {
  route.onSend = route.onSend === undefined ? [hook] : Array.isArray(route.onSend) ? [...route.onSend, hook] : [route.onSend, hook];
}

/**
 * Compressed answers remembered around the plugin: before it, an answer already compressed for the
 * same kind of request is sent as it was (the plugin passes on what carries a Content-Encoding);
 * after it, what it compressed is kept.
 */
function rememberCompressed(answers: CompressedAnswers) {
  const asked = new WeakMap<FastifyRequest, { text: string; variant: string }>();
  const before: onSendHookHandler = (request, reply, payload, done) => {
    const accept = request.headers['accept-encoding'];
    if (
      typeof payload !== 'string' ||
      // Surely under the threshold: the vote path stops here.
      payload.length * 3 < COMPRESS_MIN_BYTES ||
      payload.length > answers.maxLength ||
      accept === undefined ||
      request.headers['x-no-compression'] !== undefined ||
      reply.hasHeader('content-encoding')
    ) {
      done(null, payload);
      return;
    }
    const variant = `${accept}\n${String(reply.getHeader('content-type'))}`;
    const known = answers.get(payload, variant);
    if (known) {
      varyByEncoding(reply);
      void reply.header('content-encoding', known.encoding);
      done(null, known.body);
      return;
    }
    asked.set(request, { text: payload, variant });
    done(null, payload);
  };
  const after: onSendHookHandler = (request, reply, payload, done) => {
    const answer = asked.get(request);
    const encoding = reply.getHeader('content-encoding');
    if (answer && Buffer.isBuffer(payload) && typeof encoding === 'string') answers.set(answer.text, answer.variant, { encoding, body: payload });
    done(null, payload);
  };
  return { before, after };
}

/** Registers the compression; call before any route is added (it hooks route creation). */
export async function registerCompression(app: NestFastifyApplication): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  const remembered = rememberCompressed(new CompressedAnswers(32, SYNC_MAX_BYTES));
  // The plugin adds its hook to every route made after it: the other routes opt out, and these get
  // the memory's hooks on either side of the plugin's.
  fastify.addHook('onRoute', (route) => {
    if (isCompressedRoute(route.url)) addOnSend(route, remembered.before);
    else route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    syncThreshold: SYNC_MAX_BYTES,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    // Request bodies are never compressed by our client: one sent so stays the 400 it was, rather
    // than being inflated past what the body limit meant, or changing the bytes a webhook signed.
    globalDecompression: false,
  });
  fastify.addHook('onRoute', (route) => {
    if (isCompressedRoute(route.url)) addOnSend(route, remembered.after);
  });
}
