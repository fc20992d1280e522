import { randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { MessageResponse } from '#contract/common/answers.js';
import { WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT } from '#contract/webhooks/constants.js';
import { WEBHOOK_MESSAGES } from '#contract/webhooks/messages.js';
import type { CreateWebhook, UpdateWebhook } from '#contract/webhooks/requests.js';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '#contract/webhooks/answers.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { detailError, ValidationFailed } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { BusTopic, ProcessBus } from '#server/infra/events/process-bus.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import type { AuditValues } from '#server/modules/audit/audit.types.js';
import { checkUrlShape, hostOf, resolvePublic, WebhookAddressRefused } from './webhook-address.js';
import { eventBody, WebhookDeliveryService } from './webhook-delivery.service.js';
import { newWebhookSecret } from './webhook-sender.js';
import { WebhooksRepository } from './webhooks.repository.js';
import type { StoredDelivery, StoredEndpoint } from './webhooks.types.js';

const endpointAnswer = (e: StoredEndpoint): WebhookEndpoint => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  created_at: e.createdAt.toISOString(),
  updated_at: e.updatedAt.toISOString(),
});

export const deliveryAnswer = (d: StoredDelivery): WebhookDelivery => ({
  id: d.id,
  event_id: d.eventId,
  event_type: d.eventType,
  status: d.status,
  attempts: d.attempts,
  response_status: d.responseStatus,
  latency_ms: d.latencyMs,
  error: d.error,
  next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
  manual: d.manual,
  redacted: d.redactedAt !== null,
  created_at: d.createdAt.toISOString(),
  updated_at: d.updatedAt.toISOString(),
});

/** What the audit log keeps of an endpoint: never its secret. */
const auditValues = (e: Pick<StoredEndpoint, 'url' | 'description' | 'events' | 'enabled'>): AuditValues => ({
  url: e.url,
  description: e.description,
  events: e.events.join(', '),
  enabled: e.enabled,
});

const notFound = () => detailError(HttpStatus.NOT_FOUND, WEBHOOK_MESSAGES.notFound);

/**
 * The owners' side of webhooks: endpoints registered, changed, rotated and deleted, each change one
 * transaction with its audit entry; the secret answered only when made. An address is refused unless
 * it is https and resolves to public addresses alone (WEBHOOKS_ALLOW_PRIVATE lifts both).
 */
@Injectable()
export class AdminWebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly deliveries: WebhookDeliveryService,
    private readonly audit: AuditService,
    private readonly bus: ProcessBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(): Promise<WebhookEndpoint[]> {
    return (await this.repository.list()).map(endpointAnswer);
  }

  async create(actorId: number, input: CreateWebhook): Promise<WebhookWithSecret> {
    await this.checkAddress(input.url);
    const secret = newWebhookSecret();
    const endpoint = await this.insert(actorId, input, secret);
    this.bus.publish(BusTopic.WebhooksChanged);
    return { ...endpointAnswer(endpoint), secret };
  }

  async update(actorId: number, id: number, change: UpdateWebhook): Promise<WebhookEndpoint> {
    if (change.url !== undefined) await this.checkAddress(change.url);
    const endpoint = await this.change(actorId, id, change);
    this.bus.publish(BusTopic.WebhooksChanged);
    return endpointAnswer(endpoint);
  }

  async rotate(actorId: number, id: number): Promise<WebhookWithSecret> {
    const secret = newWebhookSecret();
    const endpoint = await this.writeSecret(actorId, id, secret);
    return { ...endpointAnswer(endpoint), secret };
  }

  async remove(actorId: number, id: number): Promise<MessageResponse> {
    await this.delete(actorId, id);
    this.bus.publish(BusTopic.WebhooksChanged);
    return { message: WEBHOOK_MESSAGES.deleted };
  }

  async log(id: number): Promise<WebhookDelivery[]> {
    if (!(await this.repository.find(id))) throw notFound();
    return (await this.repository.deliveries(id, WEBHOOK_LIMITS.logSize)).map(deliveryAnswer);
  }

  /** Every attempt of one of the endpoint's deliveries, first first: when, the answer or why there was none, how long. */
  async attempts(id: number, deliveryId: number): Promise<WebhookAttempt[]> {
    const delivery = await this.repository.delivery(deliveryId);
    if (!delivery || delivery.endpointId !== id) throw detailError(HttpStatus.NOT_FOUND, WEBHOOK_MESSAGES.deliveryNotFound);
    return (await this.repository.attempts(deliveryId)).map((a) => ({
      attempt: a.attempt,
      at: a.at.toISOString(),
      response_status: a.responseStatus,
      latency_ms: a.latencyMs,
      error: a.error,
    }));
  }

  /** The delivery's event again, as a new delivery with the same webhook-id (receivers that keep ids drop it as a repeat). */
  async redeliver(id: number, deliveryId: number): Promise<WebhookDelivery> {
    const original = await this.repository.delivery(deliveryId);
    if (!original || original.endpointId !== id) throw detailError(HttpStatus.NOT_FOUND, WEBHOOK_MESSAGES.deliveryNotFound);
    // An event that named an erased account is gone for good: nothing of it may be sent again.
    if (original.redactedAt) throw detailError(HttpStatus.CONFLICT, WEBHOOK_MESSAGES.redacted);
    const [made] = await this.deliveries.queueAll([
      { endpointId: id, eventId: original.eventId, eventType: original.eventType, body: original.body, manual: true },
    ]);
    return deliveryAnswer(made);
  }

  /** A `webhook.test` event to this endpoint alone, whatever events it chose. */
  async test(id: number): Promise<WebhookDelivery> {
    if (!(await this.repository.find(id))) throw notFound();
    const eventId = `evt_${WEBHOOK_TEST_EVENT}_${randomUUID()}`;
    const body = eventBody({
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { endpoint_id: id, message: 'A test event from ScreamStage' },
    });
    const [made] = await this.deliveries.queueAll([{ endpointId: id, eventId, eventType: WEBHOOK_TEST_EVENT, body, manual: true }]);
    return deliveryAnswer(made);
  }

  /** 422 on the url field when the address may not receive webhooks. */
  private async checkAddress(url: string): Promise<void> {
    const allow = this.config.WEBHOOKS_ALLOW_PRIVATE;
    try {
      checkUrlShape(url, allow);
      await resolvePublic(hostOf(new URL(url)), allow);
    } catch (err) {
      if (!(err instanceof WebhookAddressRefused)) throw err;
      throw new ValidationFailed([{ loc: ['body', 'url'], msg: err.message, type: 'value_error.url' }]);
    }
  }

  @Transactional()
  private async insert(actorId: number, input: CreateWebhook, secret: string): Promise<StoredEndpoint> {
    if ((await this.repository.count()) >= WEBHOOK_LIMITS.endpointsMax) throw detailError(HttpStatus.CONFLICT, WEBHOOK_MESSAGES.tooMany);
    const made = await this.repository.insert({ ...input, secretSealed: '' });
    // Sealed once the row has its id: the sealed secret opens on this endpoint's row alone.
    const endpoint = (await this.repository.update(made.id, { secretSealed: this.deliveries.seal(secret, made.id) }))!;
    await this.audit.record({
      actorId,
      action: 'webhook.create',
      targetType: 'webhook_endpoint',
      targetId: endpoint.id,
      before: null,
      after: auditValues(endpoint),
    });
    return endpoint;
  }

  @Transactional()
  private async change(actorId: number, id: number, change: UpdateWebhook): Promise<StoredEndpoint> {
    const before = await this.repository.lock(id);
    if (!before) throw notFound();
    const after = (await this.repository.update(id, change))!;
    await this.audit.record({
      actorId,
      action: 'webhook.update',
      targetType: 'webhook_endpoint',
      targetId: id,
      before: auditValues(before),
      after: auditValues(after),
    });
    return after;
  }

  @Transactional()
  private async writeSecret(actorId: number, id: number, secret: string): Promise<StoredEndpoint> {
    if (!(await this.repository.lock(id))) throw notFound();
    const endpoint = (await this.repository.update(id, { secretSealed: this.deliveries.seal(secret, id) }))!;
    // The entry says that the signing secret changed, never what it is (the audit log refuses such fields).
    await this.audit.record({ actorId, action: 'webhook.rotate_secret', targetType: 'webhook_endpoint', targetId: id, before: null, after: { rotated: true } });
    return endpoint;
  }

  @Transactional()
  private async delete(actorId: number, id: number): Promise<void> {
    const before = await this.repository.lock(id);
    if (!before) throw notFound();
    await this.repository.delete(id);
    await this.audit.record({ actorId, action: 'webhook.delete', targetType: 'webhook_endpoint', targetId: id, before: auditValues(before), after: null });
  }
}
