import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { WebhookEvent } from '#contract/webhooks/constants.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { BusTopic, ProcessBus } from '#server/infra/events/process-bus.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { WEBHOOK_EVENT } from './webhook-jobs.js';
import { WebhooksRepository } from './webhooks.repository.js';

/** How long a process believes its list of subscribed event types without a change signal. */
const SUBSCRIBED_TTL_MS = 30_000;

/**
 * A group's `standings.changed` goes out at most this often (or once per live tick when ticks are
 * longer): a receiver gets the standings as they move, not one request per vote counted.
 */
export const STANDINGS_WEBHOOK_EVERY_MS = 5_000;

/**
 * What other modules call when something happened, once it is committed: `publish` queues one
 * `webhook-event` job, whose handler makes one delivery per subscribed endpoint. The caller never waits
 * for it (a request answers as it would without webhooks), and an event no enabled endpoint chose
 * costs no job at all.
 */
@Injectable()
export class WebhookEventsService implements OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly subscribed = new TtlCache<'types', Set<string>>(SUBSCRIBED_TTL_MS);
  /** Groups whose standings changed since this process's last standings tick. */
  private readonly changedGroups = new Set<number>();
  private standingsTimer: NodeJS.Timeout | null = null;
  private readonly tickMs: number;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly queue: JobQueue,
    bus: ProcessBus,
    @Inject(APP_CONFIG) config: Pick<AppConfig, 'LIVE_TICK_MS'>,
  ) {
    bus.subscribe(BusTopic.WebhooksChanged, () => this.subscribed.clear());
    this.tickMs = Math.max(config.LIVE_TICK_MS, STANDINGS_WEBHOOK_EVERY_MS);
  }

  /**
   * A group's standings changed (committed): one `standings.changed` event per group per interval
   * (STANDINGS_WEBHOOK_EVERY_MS, or LIVE_TICK_MS if longer), however many votes it counted. The event's id
   * is the group and the interval's number since the epoch, so processes that count votes for the same
   * group in the same interval make one delivery per endpoint between them.
   */
  standingsChanged(groupId: number): void {
    this.changedGroups.add(groupId);
    if (this.standingsTimer) return;
    this.standingsTimer = setTimeout(() => this.flushStandings(), this.tickMs);
    this.standingsTimer.unref();
  }

  private flushStandings(): void {
    this.standingsTimer = null;
    const tick = Math.floor(Date.now() / this.tickMs);
    const at = new Date().toISOString();
    for (const groupId of this.changedGroups) this.publish('standings.changed', `${groupId}_${tick}`, { group_id: groupId, at });
    this.changedGroups.clear();
  }

  onApplicationShutdown(): void {
    if (this.standingsTimer) clearTimeout(this.standingsTimer);
  }

  /**
   * `key` names what happened (a round's id, a payment's id): with the type it makes the event's id,
   * so the same happening published twice (a repeated job) is delivered once.
   */
  publish(type: WebhookEvent, key: string | number, data: Record<string, unknown>): void {
    this.enqueue(type, key, data).catch((err: unknown) => this.logger.warn(`Could not queue the ${type} webhook event ${key}: ${(err as Error).message}`));
  }

  /** As publish, for a caller that is itself a job and may wait: resolves once the event's job is stored. */
  async enqueue(type: WebhookEvent, key: string | number, data: Record<string, unknown>): Promise<void> {
    const types = await this.subscribed.get('types', () => this.repository.subscribedTypes());
    if (!types.has(type)) return;
    const id = `evt_${type}_${key}`;
    await this.queue.add(WEBHOOK_EVENT, { id, type, timestamp: new Date().toISOString(), data }, { jobId: `webhook-event:${id}` });
  }
}
