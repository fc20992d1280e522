import type { Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { InProcessConcurrencyLimiter, type Lease } from '#server/infra/rate-limit/concurrency-limiter.js';
import { isEnvelope, TAG, type ClusterAnswer, type ClusterNotice, type ClusterRequest, type Envelope } from './cluster-ipc.js';

/** How long a release that came before its acquire is remembered. */
const RELEASED_MEMORY_MS = 60_000;

/**
 * The primary's side of a clustered start: it holds what must be one for all workers (upload places,
 * who is ready), answers /metrics for the whole (prom-client's AggregatorRegistry asks every worker),
 * and passes each process-bus signal on to the other workers.
 */
export class ClusterHub {
  private readonly workers = new Map<number, Worker>();
  /** Worker numbers (1 runs the jobs) ready now, and the cluster id each number runs under now. */
  private readonly ready = new Set<number>();
  private readonly numbers = new Map<number, number>();
  private started = false;
  private readonly places = new InProcessConcurrencyLimiter();
  private readonly leases = new Map<string, Lease>();
  /** Tokens released before their place was granted. */
  private readonly released = new Set<string>();
  private readonly metrics = new AggregatorRegistry();
  private stopping = false;

  constructor(private readonly total: number) {}

  /** A newly forked worker, number `n` (1 runs the jobs): its messages are served from now on. */
  attach(worker: Worker, n: number): void {
    this.workers.set(worker.id, worker);
    this.numbers.set(worker.id, n);
    worker.on('message', (message: unknown) => {
      if (!isEnvelope(message)) return;
      if ('request' in message) void this.answer(worker, message.id, message.request);
      else if ('notice' in message) this.heard(worker, message.notice);
    });
    worker.once('exit', () => {
      this.workers.delete(worker.id);
      this.numbers.delete(worker.id);
      if (this.ready.delete(n)) this.announce();
    });
  }

  /** Workers ready now. */
  readyCount(): number {
    return this.ready.size;
  }

  /** Whether worker `n` has been ready since it was last forked. */
  isReady(n: number): boolean {
    return this.ready.has(n);
  }

  /** From the first moment of a stop: every worker's /health/ready answers 503 at once. */
  stop(): void {
    this.stopping = true;
    this.announce();
  }

  private heard(from: Worker, notice: ClusterNotice): void {
    if (notice.kind === 'bus' || notice.kind === 'relay') {
      for (const worker of this.workers.values()) if (worker !== from) this.send(worker, { tag: TAG, notice });
    } else if (notice.kind === 'ready') {
      const n = this.numbers.get(from.id);
      if (n === undefined) return;
      this.ready.add(n);
      // The start is complete once every worker has been ready; a restart later does not undo it.
      if (this.ready.size === this.total) this.started = true;
      this.announce();
    }
  }

  private async answer(worker: Worker, id: number, request: ClusterRequest): Promise<void> {
    let answer: ClusterAnswer;
    try {
      answer = { ok: true, value: await this.serve(request) };
    } catch (err) {
      answer = { ok: false, error: (err as Error).message };
    }
    this.send(worker, { tag: TAG, id, answer });
  }

  private async serve(request: ClusterRequest): Promise<unknown> {
    switch (request.op) {
      case 'lease-acquire': {
        const lease = await this.places.acquire(request.key, request.max, request.ttlSeconds);
        if (!lease) return false;
        // Given back before it was granted (the worker stopped waiting): the place is not kept.
        if (this.released.delete(request.token)) {
          await lease.release();
          return false;
        }
        this.leases.set(request.token, lease);
        // A worker that died holding it: the place lapses with its time limit, and so does this entry.
        setTimeout(() => this.leases.delete(request.token), request.ttlSeconds * 1000).unref();
        return true;
      }
      case 'lease-release': {
        const lease = this.leases.get(request.token);
        this.leases.delete(request.token);
        if (lease) {
          await lease.release();
        } else {
          // Its acquire may still be on its way: remembered for a while, so that place is given back at once.
          this.released.add(request.token);
          setTimeout(() => this.released.delete(request.token), RELEASED_MEMORY_MS).unref();
        }
        return null;
      }
      case 'metrics':
        return { contentType: this.metrics.contentType, body: await this.metrics.clusterMetrics() };
    }
  }

  private announce(): void {
    const notice: ClusterNotice = {
      kind: 'cluster',
      ready: this.ready.size,
      total: this.total,
      started: this.started,
      jobs: this.ready.has(1),
      stopping: this.stopping,
    };
    for (const worker of this.workers.values()) this.send(worker, { tag: TAG, notice });
  }

  private send(worker: Worker, envelope: Envelope): void {
    // A worker that is exiting has closed its channel: what it would have been told no longer matters.
    if (worker.isConnected()) worker.send(envelope, (err: Error | null) => void err);
  }
}
