import { randomUUID } from 'node:crypto';
import { ProcessBus, type BusTopic } from '#server/infra/events/process-bus.js';
import { ConcurrencyLimiter, type Lease } from '#server/infra/rate-limit/concurrency-limiter.js';
import type { ClusterLink } from './cluster-ipc.js';

/** The process bus of a clustered start: a signal goes to the primary, which passes it to every other worker. */
export class ClusterProcessBus extends ProcessBus {
  private readonly heard = new Set<string>();

  constructor(private readonly link: ClusterLink) {
    super();
    link.onNotice((notice) => {
      if (notice.kind === 'bus' && this.heard.has(notice.topic)) this.local.emit(notice.topic);
    });
  }

  protected broadcast(topic: BusTopic): void {
    this.link.notify({ kind: 'bus', topic });
  }

  protected listen(topic: BusTopic): void {
    this.heard.add(topic);
  }
}

/** Upload places of a clustered start: held by the primary, so the limit is one for every worker. */
export class ClusterConcurrencyLimiter extends ConcurrencyLimiter {
  constructor(private readonly link: ClusterLink) {
    super();
  }

  async acquire(key: string, max: number, ttlSeconds: number): Promise<Lease | null> {
    const token = randomUUID();
    let held: boolean;
    try {
      held = await this.link.request<boolean>({ op: 'lease-acquire', key, max, ttlSeconds, token });
    } catch (err) {
      // No answer in time: a place the primary grants later is given back, not held until its time limit.
      this.link.request({ op: 'lease-release', token }).catch(() => undefined);
      throw err;
    }
    if (!held) return null;
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        await this.link.request({ op: 'lease-release', token });
      },
    };
  }
}

/**
 * `send` at most once every `ms`: the first call sends at once, calls within the next `ms` are joined
 * into one more send at its end. A clustered start's non-jobs workers wake the jobs worker through it, so
 * a vote surge costs at most one IPC signal per `ms` per worker, not one per vote.
 */
export function atMostEvery(ms: number, send: () => void): () => void {
  let pause: NodeJS.Timeout | null = null;
  let again = false;
  const fire = () => {
    send();
    pause = setTimeout(() => {
      pause = null;
      if (!again) return;
      again = false;
      fire();
    }, ms);
    pause.unref();
  };
  return () => {
    if (pause) again = true;
    else fire();
  };
}
