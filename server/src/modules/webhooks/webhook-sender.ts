// One attempt of one delivery: the body signed as Standard Webhooks says (webhook-id, webhook-timestamp,
// webhook-signature: `v1,` and the base64 HMAC-SHA256 of "id.timestamp.body" under the endpoint's
// secret), POSTed with a time limit, to an address checked after its name was resolved.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { checkUrlShape, safeLookup, WebhookAddressRefused } from './webhook-address.js';
import type { AttemptOutcome } from './webhooks.types.js';

/** A new signing secret in Standard Webhooks' form: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** What one attempt sends. */
export interface OutgoingWebhook {
  url: string;
  secret: string;
  eventId: string;
  body: string;
}

/** The signed headers of a body, as a receiver verifies them with any Standard Webhooks library. */
export function signedHeaders(secret: string, eventId: string, body: string, at = new Date()): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'ScreamStage-Webhooks/1',
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(eventId, at, body),
  };
}

/** An answer's text kept in the log is cut to this many characters. */
const ERROR_MAX = 300;

export class WebhookSender {
  private readonly agent: Agent;

  constructor(
    private readonly allowPrivate: boolean,
    private readonly timeoutMs: number,
  ) {
    // Every connection resolves its host through safeLookup: the address checked is the address dialled.
    this.agent = new Agent({ connect: { lookup: safeLookup(allowPrivate), timeout: timeoutMs }, keepAliveTimeout: 1000 });
  }

  /** Sends once; never throws: a refused address, a timeout or a non-2xx answer is an outcome like any other. */
  async send(hook: OutgoingWebhook): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      // A private address written as an IP never goes through the lookup: it is refused here.
      checkUrlShape(hook.url, this.allowPrivate);
      const answer = await request(hook.url, {
        method: 'POST',
        headers: signedHeaders(hook.secret, hook.eventId, hook.body),
        body: hook.body,
        dispatcher: this.agent,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const latencyMs = elapsed();
      const ok = answer.statusCode >= 200 && answer.statusCode < 300;
      // Redirects are not followed: a receiver's 3xx is a failed attempt like a 5xx.
      await answer.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      return { responseStatus: answer.statusCode, latencyMs, error: ok ? null : `HTTP ${answer.statusCode}` };
    } catch (err) {
      return { responseStatus: null, latencyMs: elapsed(), error: describe(err) };
    }
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

function describe(err: unknown): string {
  if (err instanceof WebhookAddressRefused) return err.message;
  const e = err as Error & { cause?: Error; code?: string };
  // undici wraps the connection's own error (the refused lookup among them) as the cause.
  if (e.cause instanceof WebhookAddressRefused) return e.cause.message;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_CONNECT_TIMEOUT') return 'Timed out';
  const text = [e.message, e.cause?.message].filter(Boolean).join(': ');
  return text.slice(0, ERROR_MAX) || 'The request failed';
}
