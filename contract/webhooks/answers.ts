// The webhooks page's answers: endpoints (the secret only once, when made or rotated) and their deliveries.
import { z } from 'zod';
import { count, id, named, timestamp } from '../common/answers.js';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from './constants.js';

export const webhookEndpointSchema = named(
  'WebhookEndpoint',
  z.object({
    id,
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    enabled: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = named('WebhookEndpointList', z.object({ items: z.array(webhookEndpointSchema) }));
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The answer of a creation or a rotation: the only time the secret is shown. */
export const webhookWithSecretSchema = named(
  'WebhookEndpointWithSecret',
  webhookEndpointSchema.extend({
    /** Standard Webhooks' form: `whsec_` and the key in base64. */
    secret: z.string(),
  }),
);
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = named(
  'WebhookDelivery',
  z.object({
    id,
    /** The `webhook-id` header: the same for every attempt and a redelivery, so receivers can drop repeats. */
    event_id: z.string(),
    event_type: z.string(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: count,
    /** The last attempt's HTTP status (null: none yet, or no answer). */
    response_status: z.int().nullable(),
    /** The last attempt's time to the answer, in milliseconds. */
    latency_ms: count.nullable(),
    /** Why the last attempt failed, when it got no 2xx. */
    error: z.string().nullable(),
    /** When the next attempt is due (retrying only). */
    next_attempt_at: timestamp.nullable(),
    /** Sent again by an owner (Redeliver), or the test event. */
    manual: z.boolean(),
    /** Its body named an account since erased: emptied, never sent again. */
    redacted: z.boolean(),
    created_at: timestamp,
    updated_at: timestamp,
  }),
);
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = named('WebhookDeliveryList', z.object({ items: z.array(webhookDeliverySchema) }));
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const webhookAttemptSchema = named(
  'WebhookAttempt',
  z.object({
    /** 1 for the first try of the delivery, counting up. */
    attempt: count,
    /** When the try ended. */
    at: timestamp,
    /** The receiver's HTTP status (null: no answer at all). */
    response_status: z.int().nullable(),
    /** Time to the answer, or to the failure, in milliseconds. */
    latency_ms: count,
    /** Why the try failed, in words (`HTTP 500`, `Timed out` …); null when it was answered 2xx. */
    error: z.string().nullable(),
  }),
);
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** Every attempt of one delivery, first first (at most WEBHOOKS_ATTEMPTS). */
export const webhookAttemptListSchema = named('WebhookAttemptList', z.object({ items: z.array(webhookAttemptSchema) }));
export type WebhookAttemptList = z.infer<typeof webhookAttemptListSchema>;
