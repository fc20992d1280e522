// The webhooks module's queue.
import { defineQueue } from '#server/infra/queue/jobs.js';

/**
 * Webhook fan-outs and deliveries. Several at once (one slow receiver must not hold up the others);
 * one endpoint still gets one delivery at a time, through its lease (WebhooksRepository.lease).
 */
export const WEBHOOKS_QUEUE = defineQueue({ name: 'webhooks', concurrency: 8 });
