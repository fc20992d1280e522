// The webhooks module's jobs, added and run by its own services.
import { defineJob } from '#server/infra/queue/jobs.js';
import { WEBHOOKS_QUEUE } from './webhooks.queues.js';

/** One event of the site, to be handed to every endpoint that chose its type (WebhookEventsService.publish). */
export interface WebhookEventJob {
  /** The event's id, derived from what happened (`evt_round.closed_12`): the `webhook-id` of its deliveries. */
  id: string;
  type: string;
  /** When it happened (ISO-8601). */
  timestamp: string;
  data: Record<string, unknown>;
}

export const WEBHOOK_EVENT = defineJob<WebhookEventJob>({ name: 'webhook-event', queue: WEBHOOKS_QUEUE });

/** One attempt of one delivery; `seq` is the delivery's job number, so a stale or repeated job does nothing. */
export interface DeliverWebhookJob {
  delivery_id: number;
  seq: number;
}

export const DELIVER_WEBHOOK = defineJob<DeliverWebhookJob>({ name: 'deliver-webhook', queue: WEBHOOKS_QUEUE });

export const deliverJobId = (job: DeliverWebhookJob): string => `webhook-delivery:${job.delivery_id}:${job.seq}`;

/** One sweep of the webhook log (WebhookLogService), for one time slot: deliveries older than WEBHOOK_LOG_RETENTION go. */
export interface PruneWebhookLogJob {
  /** The slot's start (epoch ms). */
  slot: number;
}

export const PRUNE_WEBHOOK_LOG = defineJob<PruneWebhookLogJob>({ name: 'prune-webhook-log', queue: WEBHOOKS_QUEUE });
