import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { ClusterLink } from '#server/infra/cluster/cluster-ipc.js';
import { patientRedisOptions, watchRedis } from '#server/infra/redis/redis-clients.js';

type Handler = (groupId: number) => void;

/** The most a stop waits for the last tick's changes to reach the other processes. */
const LAST_BROADCAST_WAIT_MS = 2_000;

/**
 * "Group N changed" (decision 042): the notice a counted vote, a credit, a void, a join or an
 * elimination gives once committed, heard by every process that holds sockets, which then reads the
 * group's standings (once per tick) and writes its own sockets. A notice carries no standings, so a
 * lost one costs only freshness: a broadcast that failed is sent again at the next tick, and when an
 * adapter may have missed notices (its connection came back) the `onResync` handlers re-read what
 * this process shows.
 *
 * `publish` runs this process's handlers at once, and reaches the other processes through the
 * adapter's transport, at most once per group per tick (the first change after a quiet tick at once,
 * the rest together at the tick's end). An adapter implements only `broadcast` (send the groups to
 * the other processes) and `listen` (start hearing them, and hand them to `deliver`):
 * - `LocalStandingsChanges`: one process, no other to reach;
 * - `RedisStandingsChanges`: scaled mode, one Redis PUBLISH per tick on `$REDIS_PREFIX:standings:changed`;
 * - `ClusterStandingsChanges`: the processes of one clustered `npm start`, one message per tick through the primary.
 * Further adapters (another transport between processes) extend this class the same way.
 */
export abstract class StandingsChanges implements OnApplicationShutdown {
  private readonly handlers: Handler[] = [];
  private readonly resyncHandlers: (() => void)[] = [];
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | null = null;
  private lastBroadcast = -Infinity;
  private listening = false;
  private closed = false;

  /** `tickMs`: the least time between two broadcasts of this process. */
  constructor(private readonly tickMs: number) {}

  publish(groupId: number): void {
    for (const handler of this.handlers) handler(groupId);
    this.pending.add(groupId);
    if (this.timer || this.closed) return;
    const wait = Math.max(0, this.lastBroadcast + this.tickMs - Date.now());
    if (wait === 0) void this.flush();
    else this.timer = setTimeout(() => void this.flush(), wait);
  }

  /** `handler` hears every group changed, in this process or another. */
  subscribe(handler: Handler): void {
    this.handlers.push(handler);
    if (!this.listening) {
      this.listening = true;
      this.listen();
    }
  }

  /** `handler` runs when notices of other processes may have been missed: every group shown here is to be read again. */
  onResync(handler: () => void): void {
    this.resyncHandlers.push(handler);
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    // The changes of the last tick (jobs drained before this hook) still reach the other processes,
    // before the transport closes; a transport that does not answer holds the stop only so long.
    let waited: NodeJS.Timeout | undefined;
    await Promise.race([this.flush(), new Promise((resolve) => (waited = setTimeout(resolve, LAST_BROADCAST_WAIT_MS)))]);
    clearTimeout(waited);
    await this.stop();
  }

  /** Sends the groups to the other processes (never back to this one's handlers); rejects when they were not sent. */
  protected abstract broadcast(groupIds: number[]): Promise<void>;
  /** Starts hearing the other processes' notices; each is handed to `deliver`. */
  protected abstract listen(): void;
  protected async stop(): Promise<void> {}

  protected deliver(groupIds: number[]): void {
    for (const groupId of groupIds) for (const handler of this.handlers) handler(groupId);
  }

  /** Notices from the other processes may have been missed (the adapter's connection came back). */
  protected resync(): void {
    for (const handler of this.resyncHandlers) handler();
  }

  private async flush(): Promise<void> {
    this.timer = null;
    this.lastBroadcast = Date.now();
    const groups = [...this.pending];
    this.pending.clear();
    if (!groups.length) return;
    try {
      await this.broadcast(groups);
    } catch {
      // Not sent: the groups go again with the next tick's.
      if (this.closed) return;
      for (const groupId of groups) this.pending.add(groupId);
      this.timer ??= setTimeout(() => void this.flush(), this.tickMs);
    }
  }
}

export class LocalStandingsChanges extends StandingsChanges {
  protected async broadcast(): Promise<void> {}
  protected listen(): void {}
}

/** The groups of a notice: `<sender> <id>,<id>,...`. */
export function parseNotice(message: string): { sender: string; groupIds: number[] } | null {
  const [sender, list] = message.split(' ');
  if (!sender || !list) return null;
  const groupIds = list
    .split(',')
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return groupIds.length ? { sender, groupIds } : null;
}

export class RedisStandingsChanges extends StandingsChanges {
  private readonly logger = new Logger('StandingsChanges');
  private readonly id = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private subscriber: Redis | null = null;

  /** `redis`: the shared connection, for PUBLISH only; a duplicate of it subscribes, on the first subscription. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    tickMs: number,
  ) {
    super(tickMs);
  }

  protected async broadcast(groupIds: number[]): Promise<void> {
    // This process's handlers already ran: the notice names its sender so the echo is skipped.
    try {
      await this.redis.publish(this.channel, `${this.id} ${groupIds.join(',')}`);
    } catch (err) {
      this.logger.warn(`Could not publish changed groups: ${(err as Error).message}`);
      throw err;
    }
  }

  protected listen(): void {
    // It waits for Redis (and subscribes again when it returns): nothing waits on it. Notices sent
    // while it was away are lost: once it is back, this process reads again what it shows.
    this.subscriber = watchRedis(this.redis.duplicate(patientRedisOptions), 'standings-changes');
    let readyBefore = false;
    this.subscriber.on('ready', () => {
      if (readyBefore) this.resync();
      readyBefore = true;
    });
    this.subscriber.on('message', (_channel: string, message: string) => {
      const notice = parseNotice(message);
      if (notice && notice.sender !== this.id) this.deliver(notice.groupIds);
    });
    this.subscriber.subscribe(this.channel).catch((err: Error) => this.logger.warn(`Could not subscribe to changed groups: ${err.message}`));
  }

  protected async stop(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

  private get channel(): string {
    return `${this.prefix}:standings:changed`;
  }
}

/** The channel the processes of one clustered start relay changed groups on. */
const CLUSTER_CHANNEL = 'standings-changed';

/**
 * The processes of one clustered start (decision 043): the groups go to the primary, which relays them
 * to every other worker (never back to the sender, whose handlers already ran).
 */
export class ClusterStandingsChanges extends StandingsChanges {
  constructor(
    private readonly link: ClusterLink,
    tickMs: number,
  ) {
    super(tickMs);
  }

  protected async broadcast(groupIds: number[]): Promise<void> {
    this.link.relay(CLUSTER_CHANNEL, groupIds);
  }

  protected listen(): void {
    this.link.onRelay(CLUSTER_CHANNEL, (data) => {
      // Relayed by our own primary from our own workers; still only positive whole ids are taken.
      const groupIds = Array.isArray(data) ? data.filter((n): n is number => Number.isSafeInteger(n) && n > 0) : [];
      if (groupIds.length) this.deliver(groupIds);
    });
  }
}
