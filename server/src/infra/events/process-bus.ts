import { EventEmitter } from 'node:events';
import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { patientRedisOptions, watchRedis } from '#server/infra/redis/redis-clients.js';

/** Signals every process of the site hears, the one that sent them included (at once, before the send returns). */
export const BusTopic = {
  /** A contest, its dates or flags, an entry joining or an elimination changed: whatever caches who may be voted for is stale. */
  ContestsChanged: 'contests-changed',
  /** The site's settings (name, colours, categories, packages, questions) changed: every cached copy is stale. */
  SiteChanged: 'site-changed',
  /** A job was stored: the process that runs jobs looks for it now (a lost signal waits for its next poll). */
  JobsAdded: 'jobs-added',
  /** A webhook endpoint was added, changed or deleted: which events have a subscriber is stale. */
  WebhooksChanged: 'webhooks-changed',
} as const;
export type BusTopic = (typeof BusTopic)[keyof typeof BusTopic];

type Handler = () => void;

/**
 * Tells the other processes that something changed, so they drop what they cached of it. Signals
 * carry no payload and may be lost with a connection (a cache then only falls back to its time
 * limit); they must never carry work. Two adapters: `LocalProcessBus` (one process) and
 * `RedisProcessBus` (scaled mode: Redis pub/sub on `$REDIS_PREFIX:bus:<topic>`).
 */
export abstract class ProcessBus {
  protected readonly local = new EventEmitter();

  /** Runs this process's handlers now, and reaches the other processes as soon as the transport does. */
  publish(topic: BusTopic): void {
    this.local.emit(topic);
    this.broadcast(topic);
  }

  subscribe(topic: BusTopic, handler: Handler): void {
    this.local.on(topic, handler);
    this.listen(topic);
  }

  protected abstract broadcast(topic: BusTopic): void;
  protected abstract listen(topic: BusTopic): void;
}

export class LocalProcessBus extends ProcessBus {
  protected broadcast(): void {}
  protected listen(): void {}
}

export class RedisProcessBus extends ProcessBus implements OnApplicationShutdown {
  private readonly logger = new Logger('ProcessBus');
  private readonly id = `${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  private subscriber: Redis | null = null;
  private readonly topics = new Set<string>();

  /** `redis`: the shared connection, used to PUBLISH only; a duplicate of it subscribes, made on the first subscription. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  protected broadcast(topic: BusTopic): void {
    // The sender's own handlers already ran: the message names the sender so it can skip its echo.
    this.redis.publish(this.channel(topic), this.id).catch((err: Error) => this.logger.warn(`Could not publish ${topic}: ${err.message}`));
  }

  protected listen(topic: BusTopic): void {
    if (this.topics.has(topic)) return;
    this.topics.add(topic);
    if (!this.subscriber) {
      // It waits for Redis (and subscribes again when it returns): nothing waits on it.
      this.subscriber = watchRedis(this.redis.duplicate(patientRedisOptions), 'process-bus');
      this.subscriber.on('message', (channel: string, sender: string) => {
        if (sender === this.id) return;
        this.local.emit(channel.slice(this.channel('').length));
      });
    }
    this.subscriber.subscribe(this.channel(topic)).catch((err: Error) => this.logger.warn(`Could not subscribe to ${topic}: ${err.message}`));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

  private channel(topic: string): string {
    return `${this.prefix}:bus:${topic}`;
  }
}
