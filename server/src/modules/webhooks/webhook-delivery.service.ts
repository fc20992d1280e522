import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { WebhookDeliveryStatus } from '#contract/webhooks/constants.js';
import { WEBHOOK_MESSAGES } from '#contract/webhooks/messages.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { SecretBox } from '#server/common/secret-box.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { DELIVER_WEBHOOK, deliverJobId, type DeliverWebhookJob, type WebhookEventJob } from './webhook-jobs.js';
import { WebhookSender } from './webhook-sender.js';
import type { NewDelivery } from './webhooks.repository.js';
import { WebhooksRepository } from './webhooks.repository.js';
import type { AttemptOutcome, StoredDelivery } from './webhooks.types.js';

/** The purpose of the key that seals the endpoints' secrets (SecretBox). */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-secret';
/** What a sealed secret is bound to: its endpoint's row. */
export const secretContext = (endpointId: number): string => `webhook-endpoint:${endpointId}`;

/** A delivery whose endpoint is busy with another looks again this much later (no attempt spent). */
const BUSY_RETRY_MS = 1000;
/** The longest wait between two attempts, however many failed. */
const MAX_BACKOFF_MS = 6 * 3600_000;

/** The wait before the attempt after `failed` failed ones: the first wait, doubling. */
export const backoffMs = (failed: number, firstMs: number): number => Math.min(firstMs * 2 ** Math.max(0, failed - 1), MAX_BACKOFF_MS);

/** The body of an event, as signed and sent: {type, timestamp, data}. */
export const eventBody = (event: Pick<WebhookEventJob, 'type' | 'timestamp' | 'data'>): string =>
  JSON.stringify({ type: event.type, timestamp: event.timestamp, data: event.data });

/**
 * The delivery side: an event becomes one delivery per subscribed endpoint (each its own job), and each
 * delivery job makes one attempt, records it, and queues the next attempt after a growing wait until
 * one is answered 2xx or WEBHOOKS_ATTEMPTS have failed. One endpoint receives one delivery at a time:
 * a job takes the endpoint's lease (a row in PostgreSQL, so in either run mode and across every
 * process) and a job that finds it taken waits a second without spending an attempt.
 */
@Injectable()
export class WebhookDeliveryService implements OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly box: SecretBox;
  private readonly sender: WebhookSender;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // JWT_SECRET is always set by main.ts (from the environment or DATA_DIR) before the app is built.
    this.box = new SecretBox(config.JWT_SECRET!, WEBHOOK_SECRET_PURPOSE);
    this.sender = new WebhookSender(config.WEBHOOKS_ALLOW_PRIVATE, config.WEBHOOKS_TIMEOUT_MS);
  }

  seal(secret: string, endpointId: number): string {
    return this.box.seal(secret, secretContext(endpointId));
  }

  /** One delivery per enabled endpoint that chose the event's type, each queued (a repeated fan-out makes none twice). */
  async fanOut(event: WebhookEventJob): Promise<void> {
    const endpoints = await this.repository.subscribers(event.type);
    const body = eventBody(event);
    await this.queueAll(endpoints.map((e) => ({ endpointId: e.id, eventId: event.id, eventType: event.type, body, manual: false })));
  }

  /** Makes the deliveries and queues their first attempts; answers them. */
  async queueAll(deliveries: readonly NewDelivery[]): Promise<StoredDelivery[]> {
    const made = await this.repository.insertDeliveries(deliveries);
    for (const d of made) await this.queueAttempt({ delivery_id: d.id, seq: d.jobSeq }, null);
    return made;
  }

  /** One attempt of a delivery (the `deliver-webhook` job). */
  async deliver(job: DeliverWebhookJob): Promise<void> {
    const delivery = await this.repository.delivery(job.delivery_id);
    // Gone with its endpoint, done, or superseded by a later job of the same delivery: nothing to do.
    if (!delivery || delivery.status === 'succeeded' || delivery.status === 'failed' || delivery.jobSeq > job.seq) return;
    // Thrown, so the queue tries again: a job stored on Redis before the transaction that numbered it committed.
    if (delivery.jobSeq < job.seq) throw new Error(`Webhook delivery ${delivery.id}: job ${job.seq} is not committed yet`);
    // Naming an account erased since the event happened, it is redacted rather than sent.
    if (await this.repository.redactIfNamesErased(delivery.id, WEBHOOK_MESSAGES.withdrawn)) return;
    const endpoint = await this.repository.find(delivery.endpointId);
    if (!endpoint) return;
    const token = randomUUID();
    if (!(await this.repository.lease(endpoint.id, token, this.config.WEBHOOKS_TIMEOUT_MS + 5000))) {
      await this.postpone(delivery.id, job.seq);
      return;
    }
    try {
      let outcome: AttemptOutcome;
      const secret = this.box.open(endpoint.secretSealed, secretContext(endpoint.id));
      if (!endpoint.enabled && !delivery.manual) outcome = { responseStatus: null, latencyMs: 0, error: 'The endpoint is disabled' };
      // Sealed under another JWT_SECRET: rotating the secret makes one this server can open.
      else if (secret === null) outcome = { responseStatus: null, latencyMs: 0, error: "The endpoint's secret cannot be opened: rotate it" };
      else outcome = await this.sender.send({ url: endpoint.url, secret, eventId: delivery.eventId, body: delivery.body });
      await this.record(delivery, job.seq, outcome, !endpoint.enabled && !delivery.manual);
    } finally {
      await this.repository.release(endpoint.id, token);
    }
  }

  @Transactional()
  private async record(delivery: StoredDelivery, seq: number, outcome: AttemptOutcome, final: boolean): Promise<void> {
    const attempt = delivery.attempts + 1;
    const ok = outcome.error === null;
    const status: WebhookDeliveryStatus = ok ? 'succeeded' : final || attempt >= this.config.WEBHOOKS_ATTEMPTS ? 'failed' : 'retrying';
    const nextAttemptAt = status === 'retrying' ? new Date(Date.now() + backoffMs(attempt, this.config.WEBHOOKS_BACKOFF_MS)) : null;
    const saved = await this.repository.recordAttempt(delivery.id, seq, outcome, { status, nextAttemptAt, nextSeq: seq + 1 });
    if (!saved) return;
    if (nextAttemptAt) await this.queueAttempt({ delivery_id: delivery.id, seq: seq + 1 }, nextAttemptAt, true);
    if (status === 'failed') this.logger.warn(`Webhook delivery ${delivery.id} (${delivery.eventType}) failed after ${attempt} attempts: ${outcome.error}`);
  }

  /** The attempt again a second later, its job number moved on with the job that carries it (one transaction). */
  @Transactional()
  private async postpone(deliveryId: number, seq: number): Promise<void> {
    const next = await this.repository.postpone(deliveryId, seq);
    if (next !== undefined) await this.queueAttempt({ delivery_id: deliveryId, seq: next }, new Date(Date.now() + BUSY_RETRY_MS), true);
  }

  private queueAttempt(job: DeliverWebhookJob, runAt: Date | null, inTransaction = false): Promise<void> {
    return this.queue.add(DELIVER_WEBHOOK, job, { jobId: deliverJobId(job), ...(runAt ? { runAt } : {}), inTransaction });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sender.close();
  }
}
