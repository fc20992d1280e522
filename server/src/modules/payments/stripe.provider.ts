import Stripe from 'stripe';
import { stripeAmount } from '#contract/payments/currencies.js';
import type { StripeConfig } from '#server/config/config.js';
import type { PaymentEntity } from './entities/payment.entity.js';
import {
  checkoutItem,
  checkoutLanguage,
  InvalidWebhook,
  PaymentNotCompleted,
  PaymentProvider,
  type Checkout,
  type ProviderPayment,
  type WebhookEvent,
} from './payment-provider.js';

/** Stripe's own placeholder, replaced by the session's id when the buyer is sent back: never URL-encoded. */
const SESSION_ID_PLACEHOLDER = 'session_id={CHECKOUT_SESSION_ID}';

/** The success address with `session_id={CHECKOUT_SESSION_ID}` added to its query (before any fragment). */
export function successUrlWithSessionId(successUrl: string): string {
  const hash = successUrl.indexOf('#');
  const [base, fragment] = hash === -1 ? [successUrl, ''] : [successUrl.slice(0, hash), successUrl.slice(hash)];
  const joiner = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${joiner}${SESSION_ID_PLACEHOLDER}${fragment}`;
}

/** The id of an expandable field (Stripe answers an id, or the object when expanded). */
const idOf = (field: string | { id: string } | null): string | null => (typeof field === 'string' ? field : (field?.id ?? null));

/**
 * Stripe Checkout with the official SDK: a Checkout Session in `payment` mode carrying our
 * payment id (client_reference_id, metadata, and the PaymentIntent's metadata so that its charges and
 * disputes carry it too). STRIPE_API_BASE points the SDK's calls elsewhere (a stand-in in tests).
 */
export class StripeProvider extends PaymentProvider {
  readonly name = 'stripe' as const;
  /** The buyer paid at Stripe before coming back; confirm() only reads the session. */
  readonly confirmTakesMoney = false;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | null;

  constructor(config: StripeConfig) {
    super();
    const base = new URL(config.apiBase);
    const protocol = base.protocol === 'http:' ? 'http' : 'https';
    this.stripe = new Stripe(config.secretKey, {
      host: base.hostname,
      port: base.port || (protocol === 'http' ? 80 : 443),
      protocol,
      timeout: 20_000,
      telemetry: false,
      appInfo: { name: 'ScreamStage' },
    });
    this.webhookSecret = config.webhookSecret;
  }

  async createCheckout(payment: PaymentEntity, successUrl: string, cancelUrl: string): Promise<Checkout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            // Stripe takes the currency in lower case and the amount in its minor units (yen as they are).
            price_data: {
              currency: payment.currency.toLowerCase(),
              unit_amount: stripeAmount(payment.amountMinor, payment.currency),
              product_data: { name: checkoutItem(payment) },
            },
          },
        ],
        success_url: successUrlWithSessionId(successUrl),
        cancel_url: cancelUrl,
        client_reference_id: payment.id,
        metadata: { payment_id: payment.id },
        payment_intent_data: { metadata: { payment_id: payment.id } },
        customer_email: payment.payerEmail,
        // The hosted page in the language the buyer used on the site (each of ours is one of Stripe's).
        locale: checkoutLanguage(payment).locale,
      },
      // A retried call (ours or the SDK's) answers the same session rather than a second one.
      { idempotencyKey: payment.id },
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
    return { providerRef: session.id, paymentUrl: session.url };
  }

  /** The session as Stripe has it now; not paid (or unknown to Stripe) is the buyer's PaymentNotCompleted. */
  async confirm(providerRef: string): Promise<ProviderPayment> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(providerRef);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && (err.statusCode === 404 || err.code === 'resource_missing')) {
        throw new PaymentNotCompleted('Stripe has no such checkout session');
      }
      throw err;
    }
    const payment = this.paymentOf(session);
    if (!payment.paid) throw new PaymentNotCompleted('This Stripe checkout has not been paid yet');
    return payment;
  }

  async readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookEvent> {
    if (!this.webhookSecret) throw new InvalidWebhook('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || !signature) throw new InvalidWebhook('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = await this.stripe.webhooks.constructEventAsync(rawBody, signature, this.webhookSecret);
    } catch {
      throw new InvalidWebhook('Stripe webhook signature does not verify');
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A completed session with a delayed method (bank debit) is paid later: async_payment_succeeded.
        if (session.payment_status !== 'paid') return { kind: 'ignored', type: `${event.type} (${session.payment_status})` };
        return { kind: 'paid', payment: this.paymentOf(session) };
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        // Only a full refund takes the votes back; a partial one leaves them.
        if (!charge.refunded) return { kind: 'ignored', type: `${event.type} (partial)` };
        const paymentId = charge.metadata?.payment_id ?? (await this.paymentIdOfIntent(idOf(charge.payment_intent)));
        return { kind: 'reversed', providerRef: null, paymentId, reason: 'refund' };
      }
      case 'charge.dispute.closed': {
        const dispute = event.data.object;
        if (dispute.status !== 'lost') return { kind: 'ignored', type: `${event.type} (${dispute.status})` };
        // A dispute carries no metadata of ours: its PaymentIntent (else its charge's) does.
        const intent = idOf(dispute.payment_intent) ?? (await this.intentOfCharge(idOf(dispute.charge)));
        return { kind: 'reversed', providerRef: null, paymentId: await this.paymentIdOfIntent(intent), reason: 'dispute' };
      }
      default:
        return { kind: 'ignored', type: event.type };
    }
  }

  /** A refund of the session's PaymentIntent in full, once (the idempotency key is our payment's). */
  async refund(payment: PaymentEntity): Promise<void> {
    if (!payment.providerRef) throw new Error(`payment ${payment.id} has no Stripe session to refund`);
    const session = await this.stripe.checkout.sessions.retrieve(payment.providerRef);
    const intent = idOf(session.payment_intent);
    if (!intent) throw new Error(`Stripe session ${session.id} has no PaymentIntent to refund`);
    try {
      await this.stripe.refunds.create({ payment_intent: intent, metadata: { payment_id: payment.id } }, { idempotencyKey: `refund-${payment.id}` });
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'charge_already_refunded') return;
      throw err;
    }
  }

  private paymentOf(session: Stripe.Checkout.Session): ProviderPayment {
    return {
      providerRef: session.id,
      paymentId: session.metadata?.payment_id ?? session.client_reference_id ?? null,
      paid: session.payment_status === 'paid',
      // Stripe's minor units are ISO 4217's for every currency this site sells in.
      amountMinor: session.amount_total,
      currency: session.currency ? session.currency.toUpperCase() : null,
    };
  }

  /** Our payment id from the PaymentIntent's metadata (set at session creation); null when not ours. */
  private async paymentIdOfIntent(intentId: string | null): Promise<string | null> {
    if (!intentId) return null;
    const intent = await this.stripe.paymentIntents.retrieve(intentId);
    return intent.metadata?.payment_id ?? null;
  }

  private async intentOfCharge(chargeId: string | null): Promise<string | null> {
    if (!chargeId) return null;
    return idOf((await this.stripe.charges.retrieve(chargeId)).payment_intent);
  }
}
