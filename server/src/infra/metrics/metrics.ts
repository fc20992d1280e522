import { Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type PrometheusContentType } from 'prom-client';
import { clusterLink } from '#server/infra/cluster/cluster-ipc.js';
import { JobQueue, type JobObserver, type QueueStats } from '#server/infra/queue/jobs.js';

/** Every metric of ours starts with this. */
const PREFIX = 'screamstage_';

/** What a refused free vote's answer status says about why (a small, fixed set of label values). */
const REFUSAL_BY_STATUS: Record<number, string> = {
  400: 'not_votable',
  403: 'already_voted',
  404: 'not_found',
  428: 'challenge',
  429: 'rate_limited',
  503: 'unavailable',
};

/**
 * The process's Prometheus metrics (prom-client): Node's default process metrics and ours. Modules
 * count through the methods below, and give read-at-scrape values (queue depths, payments by state,
 * connected sockets) with `gauge`, so nothing here reaches into another module.
 */
@Injectable()
export class Metrics implements JobObserver {
  readonly registry = new Registry();
  /** The worker's side of the cluster's summed metrics (it answers the primary); null outside a cluster worker. */
  readonly clusterAnswers: AggregatorRegistry<PrometheusContentType> | null = null;

  private readonly votesAccepted = new Counter({
    name: `${PREFIX}votes_accepted_total`,
    help: 'Votes accepted: free votes stored for counting, paid votes credited (by kind)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly votesRefused = new Counter({
    name: `${PREFIX}votes_refused_total`,
    help: 'Free votes refused, by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private readonly votesCounted = new Counter({
    name: `${PREFIX}votes_counted_total`,
    help: 'Free votes counted into the standings (new ledger rows)',
    registers: [this.registry],
  });

  private readonly jobsFailed = new Counter({
    name: `${PREFIX}jobs_failed_total`,
    help: 'Job attempts that failed, by job kind (each retry counts)',
    labelNames: ['job'] as const,
    registers: [this.registry],
  });

  private readonly roomUpdates = new Counter({
    name: `${PREFIX}room_updates_sent_total`,
    help: 'Live updates sent to Socket.IO rooms, by event',
    labelNames: ['event'] as const,
    registers: [this.registry],
  });

  private readonly standingsReads = new Counter({
    name: `${PREFIX}standings_reads_total`,
    help: "Groups' standings read from the database (the per-tick cache's misses: at most one per group per tick in each process)",
    registers: [this.registry],
  });

  private readonly socketsRefused = new Counter({
    name: `${PREFIX}sockets_refused_total`,
    help: 'New live connections refused for now: waited their longest for a turn, beyond what the admission rate serves in time, or while stopping (the client tries again with its backoff)',
    registers: [this.registry],
  });

  private readonly renderCache = new Counter({
    name: `${PREFIX}render_cache_total`,
    help: "Server-drawn pages' cache lookups, by result (hit or miss)",
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  private readonly httpDuration = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'HTTP requests by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: PREFIX });
    // In a clustered start the primary sums every worker's registry into one /metrics (decision 043):
    // constructing an AggregatorRegistry is what makes prom-client answer the primary's requests.
    if (clusterLink()) {
      AggregatorRegistry.setRegistries([this.registry]);
      this.clusterAnswers = new AggregatorRegistry();
    }
  }

  voteAccepted(kind: 'free' | 'paid', votes = 1): void {
    this.votesAccepted.inc({ kind }, votes);
  }

  /** A refused free vote, by its answer's status. */
  voteRefused(status: number): void {
    this.votesRefused.inc({ reason: REFUSAL_BY_STATUS[status] ?? 'other' });
  }

  votesCountedAdd(n: number): void {
    if (n > 0) this.votesCounted.inc(n);
  }

  jobFailed(job: string): void {
    this.jobsFailed.inc({ job });
  }

  roomUpdate(event: string): void {
    this.roomUpdates.inc({ event });
  }

  standingsRead(): void {
    this.standingsReads.inc();
  }

  socketRefused(): void {
    this.socketsRefused.inc();
  }

  renderCacheLookup(hit: boolean): void {
    this.renderCache.inc({ result: hit ? 'hit' : 'miss' });
  }

  /**
   * One answered request; `route` is its pattern (never the raw address, which would grow without
   * bound). The built client's hashed files are one route each, renamed by every build: they count
   * together as `/assets/*`.
   */
  httpRequest(method: string, route: string | undefined, status: number, seconds: number): void {
    const label = route === undefined ? 'unmatched' : route.startsWith('/assets/') ? '/assets/*' : route;
    this.httpDuration.observe({ method, route: label, status: `${Math.floor(status / 100)}xx` }, seconds);
  }

  /**
   * A gauge read when scraped: `read` answers its values by label value (or one number). A read that
   * fails leaves the gauge empty for that scrape rather than failing the scrape. `across` is how a
   * clustered start's /metrics joins the workers' values (decision 043): `sum` for what each process
   * holds itself (its sockets), `first` for what every process reads from the one shared database
   * (queue depths, payments), `max` for a per-process setting whose worst matters (a tick's length).
   */
  gauge(name: string, help: string, label: string | null, read: () => Promise<Record<string, number> | number> | number, across: GaugeAcross = 'sum'): void {
    new Gauge({
      name: `${PREFIX}${name}`,
      help,
      labelNames: label ? [label] : [],
      registers: [this.registry],
      aggregator: across,
      async collect() {
        this.reset();
        let values: Record<string, number> | number;
        try {
          values = await read();
        } catch {
          return;
        }
        if (typeof values === 'number') this.set(values);
        else if (label) for (const [key, value] of Object.entries(values)) this.set({ [label]: key }, value);
      },
    });
  }

  /** The text Prometheus scrapes: this process's, or in a clustered start every worker's, summed by the primary. */
  async text(): Promise<{ contentType: string; body: string }> {
    const link = clusterLink();
    if (link) return link.request<{ contentType: string; body: string }>({ op: 'metrics' });
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** How a clustered start's /metrics joins one gauge's values from every worker (see `Metrics.gauge`). */
export type GaugeAcross = 'sum' | 'first' | 'max';

/** Loopback: 127.0.0.0/8 and ::1, also as IPv4 through an IPv6 socket. */
const isLoopback = (ip: string) => ip === '::1' || /^(::ffff:)?127\./.test(ip);

/**
 * Who may read /metrics: a client on this machine that came straight here (its connection from
 * loopback and no proxy's forwarding header, which a client could write itself), or one that sends
 * `Authorization: Bearer METRICS_TOKEN`.
 */
export function metricsAllowed(ip: string, authorization: string | undefined, token: string | undefined, forwarded = false): boolean {
  if (isLoopback(ip) && !forwarded) return true;
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice(7));
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The answer of GET /metrics: the text, or 403 for a client that may not read it. */
export async function serveMetrics(
  metrics: Metrics,
  config: { METRICS_TOKEN?: string },
  ip: string,
  authorization: string | undefined,
  reply: { code(status: number): unknown; header(name: string, value: string): unknown; send(body: unknown): unknown },
  forwarded = false,
): Promise<void> {
  if (!metricsAllowed(ip, authorization, config.METRICS_TOKEN, forwarded)) {
    reply.code(403);
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.send({ detail: 'Metrics are served to this machine, or with the metrics token.' });
    return;
  }
  let text: { contentType: string; body: string };
  try {
    text = await metrics.text();
  } catch {
    // A clustered start whose primary or a worker did not answer in time (stopping, or one starting).
    reply.code(503);
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('retry-after', '5');
    reply.send({ detail: 'Metrics are not available now; try again in a few seconds.' });
    return;
  }
  const { contentType, body } = text;
  reply.header('content-type', contentType);
  reply.header('cache-control', 'no-store');
  reply.send(body);
}

/** The job queues' depths, read from the queue (either mode) when scraped. */
@Injectable()
export class QueueMetrics {
  constructor(metrics: Metrics, queue: JobQueue) {
    const stat = (pick: (s: QueueStats) => number) => async () => Object.fromEntries((await queue.stats()).map((s) => [s.queue, pick(s)]));
    metrics.gauge(
      'queue_waiting_jobs',
      'Jobs due and waiting for a worker, by queue',
      'queue',
      stat((s) => s.waiting),
      'first',
    );
    metrics.gauge(
      'queue_delayed_jobs',
      'Jobs scheduled for later or waiting to be retried, by queue',
      'queue',
      stat((s) => s.delayed),
      'first',
    );
    metrics.gauge(
      'queue_running_jobs',
      'Jobs running now, by queue',
      'queue',
      stat((s) => s.running),
      'first',
    );
    metrics.gauge(
      'queue_failed_jobs',
      'Jobs that failed every attempt and are kept, by queue',
      'queue',
      stat((s) => s.failed),
      'first',
    );
    metrics.gauge(
      'queue_oldest_waiting_seconds',
      'Age of the oldest job due and waiting, by queue (0: none)',
      'queue',
      stat((s) => s.oldestWaitingSeconds),
      'first',
    );
  }
}

/**
 * A worker's own /metrics (it serves no other HTTP): a small server on `host:port`, under the same
 * rule as the api's.
 */
export async function startMetricsServer(metrics: Metrics, config: { METRICS_TOKEN?: string }, host: string, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ detail: 'Not Found' }));
      return;
    }
    const reply = {
      code: (status: number) => (res.statusCode = status),
      header: (name: string, value: string) => res.setHeader(name, value),
      send: (body: unknown) => res.end(typeof body === 'string' ? body : JSON.stringify(body)),
    };
    const forwarded = req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
    serveMetrics(metrics, config, req.socket.remoteAddress ?? '', req.headers.authorization, reply, forwarded).catch(() => {
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.unref();
  return server;
}
