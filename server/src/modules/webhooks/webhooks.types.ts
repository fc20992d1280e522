// What the webhooks module's parts hand each other.
import type { WebhookDeliveryStatus, WebhookEvent } from '#contract/webhooks/constants.js';

/** An endpoint as stored; its secret still sealed. */
export interface StoredEndpoint {
  id: number;
  url: string;
  description: string;
  events: WebhookEvent[];
  enabled: boolean;
  secretSealed: string;
  createdAt: Date;
  updatedAt: Date;
}

/** A delivery as stored, with what its log line shows. */
export interface StoredDelivery {
  id: number;
  endpointId: number;
  eventId: string;
  eventType: string;
  /** The exact bytes signed and sent at every attempt. */
  body: string;
  manual: boolean;
  status: WebhookDeliveryStatus;
  attempts: number;
  jobSeq: number;
  responseStatus: number | null;
  latencyMs: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
  /** When its body was emptied because it named an account since erased: it is never sent again. */
  redactedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One attempt's outcome: an HTTP status (null: no answer) and why it failed, if it did. */
export interface AttemptOutcome {
  responseStatus: number | null;
  latencyMs: number;
  error: string | null;
}
