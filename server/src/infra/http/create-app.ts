import { Metrics, serveMetrics } from '#server/infra/metrics/metrics.js';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Logger as Pino } from 'pino';
import { PICTURES } from '#contract/profiles/constants.js';
import { AppModule } from '#server/app.module.js';
import { answerClientError, frameworkErrorDetail, HttpExceptionFilter } from '#server/common/http-exception.filter.js';
import { PageRenderer } from '#server/infra/ssr/page-render.js';
import { PAGE_SHELL, type PageShell, servedClientDir } from '#server/infra/ssr/page-shell.js';
import type { AppConfig } from '#server/config/config.js';
import { SERVICE_MESSAGES } from '#contract/common/messages.js';
import { answerInLanguage, contractTextIn } from '#server/common/http/answer-language.js';
import { requestLocale } from '#server/common/http/request-locale.js';
import { isEmbedPath } from '#contract/embeds/constants.js';
import { registerCompression } from './compression.js';
import { EmbedFraming } from './embed-framing.js';
import { ConnectionDrain } from './connection-drain.js';
import { inProcessFetch } from './in-process-fetch.js';
import { PinoNestLogger } from './logger.js';
import { apiDocument } from './openapi.js';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { RedisIoAdapter } from '#server/infra/realtime/redis-io.adapter.js';
import { ClusterIoAdapter } from '#server/infra/cluster/cluster-io.adapter.js';
import { RealtimeGateway } from '#server/infra/realtime/realtime.gateway.js';
import { API_PREFIX_PATH } from '#contract/api/endpoint.js';

/** Every route's path is under the contract's API prefix. */
export const API_PREFIX = API_PREFIX_PATH.slice(1);

const BODY_LIMIT = 256 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A fresh UUID, or the caller's x-request-id when it is one. */
function requestId(req: IncomingMessage): string {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && UUID.test(sent) ? sent.toLowerCase() : randomUUID();
}

/**
 * TRUST_PROXY as config.ts read it: nobody, the proxies' addresses / CIDR ranges, or a hop count (the
 * nearest N hops are proxies: their X-Forwarded-For entries are believed, no further).
 */
function trustProxy(value: AppConfig['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}

/**
 * Paths no route has: a page path gets the app shell from memory right in the router's not-found
 * handler, as fast as a route; everything else goes on to Nest's handler (a 404 through the filter).
 */
class SiteAdapter extends FastifyAdapter {
  shell: PageShell | null = null;

  override setNotFoundHandler(handler: (request: FastifyRequest, reply: FastifyReply) => unknown) {
    return super.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
      this.shell?.serves(request.method, request.url) ? this.shell.send(reply, request.url) : handler(request, reply),
    );
  }
}

const drains = new WeakMap<NestFastifyApplication, ConnectionDrain>();

/**
 * The graceful stop of HTTP and Socket.IO (main.ts, before the rest of the app closes): no new
 * connections, sockets closed, requests in progress finish within graceMs. False when some were cut.
 */
export async function closeHttpApp(app: NestFastifyApplication, graceMs: number): Promise<boolean> {
  app.get(RealtimeGateway, { strict: false }).closeConnections();
  return drains.get(app)?.drain(graceMs) ?? true;
}

/** The HTTP + Socket.IO application, configured alike for `npm start` and for tests. */
export async function createHttpApp(config: AppConfig, databaseUrl: string, logger: Pino): Promise<NestFastifyApplication> {
  const adapter = new SiteAdapter({
    loggerInstance: logger,
    // The id is ours: a caller's x-request-id is kept only when it is a UUID (a proxy following its
    // request), never reflected as sent.
    requestIdHeader: false,
    genReqId: requestId,
    trustProxy: trustProxy(config.TRUST_PROXY),
    bodyLimit: BODY_LIMIT,
    // Router and Node errors in our {"detail": ...} shape, without the path or Fastify's codes.
    frameworkErrors: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      const locale = requestLocale(request.headers);
      answerInLanguage(reply, locale);
      void reply
        .code(status)
        .type('application/json; charset=utf-8')
        .send({ detail: contractTextIn(locale, frameworkErrorDetail(err.code, status)) });
    },
    clientErrorHandler: answerClientError,
    // Some API paths are written with a trailing slash (/contestants/{username}/,
    // .../vote-check/) and others without; both spellings reach the same route.
    routerOptions: { ignoreTrailingSlash: true },
    // While draining, requests answer 503 in our {"detail": ...} shape (the hook below), not Fastify's.
    return503OnClosing: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, databaseUrl), adapter, {
    logger: new PinoNestLogger(logger),
    bufferLogs: false,
    // Payment webhooks verify their signature over the exact bytes sent (req.rawBody).
    rawBody: true,
  });
  const fastify = app.getHttpAdapter().getInstance();
  const drain = new ConnectionDrain(app.getHttpServer());
  drains.set(app, drain);
  const metrics = app.get(Metrics);
  // Every answer's time by route pattern (a request matching no route counts under "unmatched").
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  fastify.get('/metrics', async (request, reply) => {
    // Local means the connection itself: a proxied request (any forwarding header) never is.
    const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    await serveMetrics(metrics, config, request.socket.remoteAddress ?? '', request.headers.authorization, reply, forwarded);
    return reply;
  });
  // An empty body sent as JSON is no body (a client may send the JSON type on every call);
  // anything else is parsed by Fastify's own JSON parser (a malformed body stays a 400). That parser
  // answers through `done` and returns nothing; its declared type also admits a parser returning a promise.
  const jsonParser = fastify.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => void;
  app.useBodyParser<Server>('application/json', { bodyLimit: BODY_LIMIT }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else jsonParser(request, body.toString('utf8'), done);
  });
  // Scaled mode: through Redis; a clustered start: through its primary (decision 043); one process: in memory.
  app.useWebSocketAdapter(
    config.REDIS_URL
      ? new RedisIoAdapter(app, config.REDIS_URL, config.REDIS_PREFIX)
      : config.clusterWorker !== null
        ? new ClusterIoAdapter(app)
        : new IoAdapter(app),
  );

  // Security headers on every answer. helmet's middleware is built once here: @fastify/helmet builds
  // it again on every request (parsing the policy each time), which cost the vote path 7 % of its CPU.
  // Pages connect only to this site: 'self', and the socket's ws(s) origin spelled out for browsers
  // whose 'self' does not cover WebSockets. HSTS only when the site is served over HTTPS: sent over
  // plain HTTP (a local or LAN start) it would be ignored at best, and pin a name that has no HTTPS at worst.
  const site = new URL(config.publicUrl);
  // Every origin that is this site (without PUBLIC_URL, each loopback name of its port) may open the
  // socket. A policy cannot name an IPv6 literal (browsers drop such a source with a console error), so
  // a page on one is left to 'self', which covers its own ws origin in current browsers.
  const socketOrigins = config.ownOrigins.filter((o) => !new URL(o).hostname.startsWith('[')).map((o) => o.replace(/^http/, 'ws'));
  // `embedOrigins`: null for every answer but an embed page's, which the site itself (the snippets' live
  // preview) and the listed origins may frame.
  const policy = (embedOrigins: readonly string[] | null) =>
    helmet({
      strictTransportSecurity: site.protocol === 'https:' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          // No web fonts are shipped (system font stacks, styles/index.css): nothing to load from elsewhere.
          fontSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", ...socketOrigins],
          frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: embedOrigins ? ["'self'", ...embedOrigins] : ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      // Only the embed pages may be framed, and only by the policy's origins (which browsers read over
      // X-Frame-Options); every other answer refuses any frame both ways.
      xFrameOptions: embedOrigins ? false : { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });
  const securityHeaders = policy(null);
  // The embed pages' headers for the current list of framing origins (an organizer's edit makes a new one).
  let embedHeaders: { key: string; headers: ReturnType<typeof helmet> } | null = null;
  const embedHeadersFor = (origins: readonly string[]) => {
    const key = origins.join(' ');
    if (embedHeaders?.key !== key) embedHeaders = { key, headers: policy(origins) };
    return embedHeaders.headers;
  };
  const framing = app.get(EmbedFraming);
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Shutting down: a new request on a kept-alive connection is refused, the connection closed.
    if (drain.closing) {
      const locale = requestLocale(request.headers);
      answerInLanguage(reply, locale);
      void reply
        .code(503)
        .header('connection', 'close')
        .type('application/json; charset=utf-8')
        .send({ detail: contractTextIn(locale, SERVICE_MESSAGES.shuttingDown) });
      return;
    }
    const next = (err?: unknown) => done(err as Error | undefined);
    // An embed page (the page itself, never the API or a file) may be framed by the listed origins.
    if ((request.method === 'GET' || request.method === 'HEAD') && isEmbedPath(request.url)) {
      framing
        .origins()
        .then((origins) => embedHeadersFor(origins)(request.raw, reply.raw, next))
        // Whatever fails on the way, the page is answered, framed by no one.
        .catch(() => securityHeaders(request.raw, reply.raw, next));
      return;
    }
    securityHeaders(request.raw, reply.raw, next);
  });

  // A request that was in progress when the drain began closes its connection with its answer.
  fastify.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.closing) reply.header('connection', 'close');
    done(null, payload);
  });

  await registerCompression(app);
  await app.register(multipart, {
    limits: { fileSize: PICTURES.maxBytes, files: PICTURES.max + 1, fields: 30, fieldSize: 16 * 1024, parts: 40 },
  });

  app.enableCors({
    origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false,
    credentials: true,
    exposedHeaders: ['x-total-count', 'x-request-id'],
  });
  app.setGlobalPrefix(API_PREFIX);

  const clientDir = servedClientDir(config);
  // Set before init, which installs the not-found handler.
  adapter.shell = app.get<typeof PAGE_SHELL, PageShell | null>(PAGE_SHELL);
  app.useGlobalFilters(new HttpExceptionFilter(adapter.shell));
  // The public pages come drawn (page-render.ts), by the client's own code built to dist/ssr; with
  // SERVER_RENDER off the same code still gives their heads (a profile's preview tags, its 404).
  const drawing = adapter.shell ? await PageRenderer.loadModule(config.ssrDir) : null;
  if (adapter.shell && !drawing) {
    new Logger('PageRender').warn(`${config.ssrDir} holds no drawing module: pages are drawn by the browser, without preview tags (npm run build makes it)`);
  }
  if (adapter.shell && drawing) {
    const logger = new Logger('PageRender');
    adapter.shell.drawWith(
      new PageRenderer(drawing, adapter.shell.manifest, inProcessFetch(fastify), config.publicUrl, logger, Date.now, config.SERVER_RENDER, (hit) =>
        metrics.renderCacheLookup(hit),
      ),
    );
  }

  mkdirSync(config.uploadDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    // Stored names are random and never reused, so a picture may be cached for a year.
    immutable: true,
    maxAge: '365d',
  });
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      // One route per built file, listed at start: an unknown path reaches the not-found handler (and
      // the app shell) without a filesystem lookup.
      wildcard: false,
      index: false,
      // Brotli and gzip copies made at build (vite.config.ts); Vary: Accept-Encoding is added.
      preCompressed: true,
      setHeaders: (res, file) => {
        const hashed = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
    const shell = adapter.shell;
    fastify.get('/', (request, reply) =>
      shell ? shell.send(reply, request.url) : reply.header('cache-control', 'no-cache').sendFile('index.html', clientDir),
    );
  }

  const doc = new DocumentBuilder()
    .setTitle(`${config.PRODUCT_NAME} API`)
    .setDescription('Fan-voting talent contests. Errors are {"detail": ...}; validation errors are 422 lists.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  // Every request and answer schema comes from the contract (openapi.ts); built on the first request for it.
  SwaggerModule.setup('api/docs', app, () => apiDocument(app, doc));

  return app;
}
