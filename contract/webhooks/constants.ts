// Outbound webhooks: the events an endpoint may choose, the states of a delivery and the limits of
// what an owner registers (docs/decisions/056-signed-webhooks.md).

/** The events an endpoint may subscribe to, as each body's `type` names them. */
export const WEBHOOK_EVENTS = [
  'contestant.joined',
  'round.closed',
  'contest.won',
  'payment.credited',
  'payment.refunded',
  'votes.voided',
  'standings.changed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The type of the "Send test event" body: sent to one endpoint whatever it chose. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** pending: not tried yet; retrying: failed, tried again later; succeeded: answered 2xx; failed: every attempt failed. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  descriptionMax: 200,
  /** Endpoints a site may register. */
  endpointsMax: 20,
  /** Deliveries the log shows per endpoint, newest first. */
  logSize: 50,
} as const;
