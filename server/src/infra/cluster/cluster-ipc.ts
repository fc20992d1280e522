// The messages between the processes of one clustered start (decision 043): a worker asks the primary
// (request / answer by id) or tells it something; the primary relays signals to the other workers.
import cluster from 'node:cluster';
import { ServiceUnavailableException } from '@nestjs/common';
import { SERVICE_MESSAGES } from '#contract/common/messages.js';

/** What a worker asks the primary for; each answers with `ClusterAnswer`. */
export type ClusterRequest =
  /** An upload place under `token` (the worker's own name for it): answers true when held. */
  { op: 'lease-acquire'; key: string; max: number; ttlSeconds: number; token: string } | { op: 'lease-release'; token: string } | { op: 'metrics' };

/** What a worker tells the primary or the primary tells workers, unanswered. */
export type ClusterNotice =
  /** A process bus signal: the primary passes it to every other worker. */
  | { kind: 'bus'; topic: string }
  /** Any other small message for every other worker (a port's cluster adapter: `ClusterLink.relay`). */
  | { kind: 'relay'; channel: string; data: unknown }
  /** The worker listens and takes traffic. */
  | { kind: 'ready' }
  /**
   * The primary's view of the whole, sent to every worker when it changes: workers ready now, whether
   * every one has been ready since the start (`started`), whether worker 1 (the jobs) is ready now.
   */
  | { kind: 'cluster'; ready: number; total: number; started: boolean; jobs: boolean; stopping: boolean };

export type ClusterAnswer = { ok: true; value: unknown } | { ok: false; error: string };

export const TAG = 'screamstage:cluster';

export type Envelope =
  | { tag: typeof TAG; id: number; request: ClusterRequest }
  | { tag: typeof TAG; id: number; answer: ClusterAnswer }
  | { tag: typeof TAG; notice: ClusterNotice };

export function isEnvelope(message: unknown): message is Envelope {
  return typeof message === 'object' && message !== null && (message as { tag?: unknown }).tag === TAG;
}

/** A primary that does not answer within this long is stopping or gone: the call fails. */
const ANSWER_LIMIT_MS = 5_000;

/**
 * A primary that is stopping or gone is a passing unavailability, not a fault of the request: the call
 * fails as a 503 (with Retry-After, from the exception filter), never a 500.
 */
function primaryAway(reason: string): ServiceUnavailableException {
  return new ServiceUnavailableException({ detail: SERVICE_MESSAGES.storeUnavailable }, { description: reason });
}

/** A worker's side: requests to the primary and the notices it sends. */
export class ClusterLink {
  private next = 1;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: NodeJS.Timeout }>();
  private readonly listeners = new Set<(notice: ClusterNotice) => void>();

  constructor(private readonly channel: NodeJS.Process = process) {
    channel.on('message', (message: unknown) => {
      if (!isEnvelope(message)) return;
      if ('answer' in message) {
        const call = this.waiting.get(message.id);
        if (!call) return;
        this.waiting.delete(message.id);
        clearTimeout(call.timer);
        if (message.answer.ok) call.resolve(message.answer.value);
        else call.reject(new Error(message.answer.error));
      } else if ('notice' in message) {
        for (const listener of this.listeners) listener(message.notice);
      }
    });
  }

  request<T>(request: ClusterRequest): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(primaryAway(`The cluster primary did not answer ${request.op}`));
      }, ANSWER_LIMIT_MS);
      timer.unref();
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      if (!this.send({ tag: TAG, id, request })) {
        this.waiting.delete(id);
        clearTimeout(timer);
        reject(primaryAway('The cluster primary is gone'));
      }
    });
  }

  notify(notice: ClusterNotice): void {
    this.send({ tag: TAG, notice });
  }

  onNotice(listener: (notice: ClusterNotice) => void): void {
    this.listeners.add(listener);
  }

  /** Sends `data` (small, structured-cloneable) on `channel` to every other worker; this one is not told. */
  relay(channel: string, data: unknown): void {
    this.notify({ kind: 'relay', channel, data });
  }

  /** What the other workers relay on `channel`. */
  onRelay(channel: string, listener: (data: unknown) => void): void {
    this.onNotice((notice) => {
      if (notice.kind === 'relay' && notice.channel === channel) listener(notice.data);
    });
  }

  /** False when the channel to the primary is closed (the primary stopped or died). */
  private send(envelope: Envelope): boolean {
    if (!this.channel.connected || !this.channel.send) return false;
    this.channel.send(envelope);
    return true;
  }
}

let link: ClusterLink | null = null;

/** This process's link to its primary, or null outside a cluster worker. */
export function clusterLink(): ClusterLink | null {
  if (!cluster.isWorker) return null;
  link ??= new ClusterLink();
  return link;
}
