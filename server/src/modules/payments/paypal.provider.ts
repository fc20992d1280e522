import { randomUUID } from 'node:crypto';
import { paypalValue, paypalValueToMinor } from '#contract/payments/currencies.js';
import type { Locale } from '#contract/site/constants.js';
import type { PaypalConfig } from '#server/config/config.js';
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
import { PaypalApiError, PaypalClient, type PaypalCapture, type PaypalLink, type PaypalMoney, type PaypalOrder } from './paypal.client.js';

type WebhookHeaders = Record<string, string | string[] | undefined>;
const header = (headers: WebhookHeaders, name: string): string | undefined => {
  const v = headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
};

interface PaypalWebhookEvent {
  event_type?: string;
  /** A capture (PAYMENT.CAPTURE.COMPLETED) or a refund, whose `up` link names its capture. */
  resource?: Partial<PaypalCapture> & { links?: PaypalLink[] };
}

/** PayPal's money in minor units of its currency; null when either is missing or malformed. */
function moneyOf(money: PaypalMoney | undefined): { minor: number } | null {
  const currency = money?.currency_code?.toUpperCase();
  if (!currency || !/^[A-Z]{3}$/.test(currency)) return null;
  const minor = paypalValueToMinor(money?.value, currency);
  return minor === null ? null : { minor };
}

const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/**
 * PayPal Checkout, Orders v2 with intent CAPTURE: the buyer approves the order at PayPal,
 * comes back with ?token=<order id>, and the capture route captures it; PayPal's webhooks (verified by
 * PayPal for PAYPAL_WEBHOOK_ID) report completed captures, refunds and reversals.
 */
/** Each of the site's languages as PayPal's experience locale (a language with its country). */
const PAYPAL_LOCALES: Readonly<Record<Locale, string>> = { en: 'en-US', 'pt-BR': 'pt-BR' };

export class PaypalProvider extends PaymentProvider {
  readonly name = 'paypal' as const;
  /** The buyer only approved the order at PayPal; confirm() captures it. */
  readonly confirmTakesMoney = true;
  private readonly client: PaypalClient;

  constructor(private readonly config: PaypalConfig) {
    super();
    this.client = new PaypalClient({ clientId: config.clientId, clientSecret: config.clientSecret, apiBase: config.apiBase });
  }

  async createCheckout(payment: PaymentEntity, successUrl: string, cancelUrl: string): Promise<Checkout> {
    const order = await this.client.createOrder(
      {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: payment.id,
            custom_id: payment.id,
            invoice_id: payment.id,
            description: checkoutItem(payment),
            // PayPal's decimal string: '10.00' for USD, '1000' for JPY (PayPal refuses decimals for it).
            amount: { currency_code: payment.currency.toUpperCase(), value: paypalValue(payment.amountMinor, payment.currency.toUpperCase()) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: successUrl,
              cancel_url: cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              // The payer's pages in the language the buyer used on the site, as PayPal names it.
              locale: PAYPAL_LOCALES[checkoutLanguage(payment).locale],
            },
          },
        },
      },
      `order-${payment.id}`,
    );
    const approve = order.links?.find((l) => l.rel === 'payer-action') ?? order.links?.find((l) => l.rel === 'approve');
    if (!order.id || !approve) throw new Error(`PayPal answered an order (${order.id ?? 'no id'}) without a payer-action link`);
    return { providerRef: order.id, paymentUrl: approve.href };
  }

  /**
   * Captures the approved order. An order captured before (a retry, the other tab, the webhook's
   * twin) is read instead, so every call answers the one capture: PayPal captures an order once.
   * Each attempt has its own PayPal-Request-Id (of our payment id): PayPal may answer a repeated id
   * with the first answer, and a capture tried before the buyer approved must not poison the later one.
   * Without `takeMoney`, the order is only read: its completed capture, or PaymentNotCompleted.
   */
  async confirm(orderId: string, paymentId: string, takeMoney = true): Promise<ProviderPayment> {
    if (!takeMoney) return this.readOrder(await this.client.getOrder(orderId));
    let order: PaypalOrder;
    try {
      order = await this.client.captureOrder(orderId, `${paymentId}-${randomUUID()}`);
    } catch (err) {
      if (!(err instanceof PaypalApiError)) throw err;
      if (err.hasIssue('ORDER_ALREADY_CAPTURED')) order = await this.client.getOrder(orderId);
      else if (err.hasIssue('ORDER_NOT_APPROVED') || err.hasIssue('PAYER_ACTION_REQUIRED')) {
        throw new PaymentNotCompleted('This PayPal order has not been approved yet; approve it at PayPal first');
      } else if (err.hasIssue('INSTRUMENT_DECLINED') || err.hasIssue('PAYER_CANNOT_PAY') || err.hasIssue('TRANSACTION_REFUSED')) {
        throw new PaymentNotCompleted('PayPal declined this payment; please try again with another funding source');
      } else throw err;
    }
    return this.readOrder(order);
  }

  async readWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<WebhookEvent> {
    if (!this.config.webhookId) throw new InvalidWebhook('PayPal webhooks cannot be verified: PAYPAL_WEBHOOK_ID is not set');
    const transmission = {
      auth_algo: header(headers, 'paypal-auth-algo'),
      cert_url: header(headers, 'paypal-cert-url'),
      transmission_id: header(headers, 'paypal-transmission-id'),
      transmission_sig: header(headers, 'paypal-transmission-sig'),
      transmission_time: header(headers, 'paypal-transmission-time'),
    };
    const { auth_algo, cert_url, transmission_id, transmission_sig, transmission_time } = transmission;
    if (!auth_algo || !cert_url || !transmission_id || !transmission_sig || !transmission_time) {
      throw new InvalidWebhook('PayPal webhook without its transmission headers');
    }
    const raw = rawBody.toString('utf8');
    let event: PaypalWebhookEvent;
    try {
      event = JSON.parse(raw) as PaypalWebhookEvent;
    } catch {
      throw new InvalidWebhook('PayPal webhook body is not JSON');
    }
    if (!event || typeof event !== 'object' || Array.isArray(event)) throw new InvalidWebhook('PayPal webhook body is not an event');

    let status: string;
    try {
      status = await this.client.verifyWebhookSignature(
        { auth_algo, cert_url, transmission_id, transmission_sig, transmission_time, webhook_id: this.config.webhookId },
        raw,
      );
    } catch (err) {
      // PayPal refusing the verification request itself (malformed headers) is the sender's fault;
      // PayPal unreachable or our credentials refused is ours (502, and PayPal sends the event again).
      if (err instanceof PaypalApiError && (err.status === 400 || err.status === 422)) throw new InvalidWebhook('PayPal could not verify this webhook');
      throw err;
    }
    if (status !== 'SUCCESS') throw new InvalidWebhook('PayPal did not verify this webhook');

    const type = typeof event.event_type === 'string' ? event.event_type : 'unknown';
    const resource = event.resource && typeof event.resource === 'object' ? event.resource : {};
    const orderId = text(resource.supplementary_data?.related_ids?.order_id);
    // Our payment id travels as custom_id (and invoice_id, which PayPal keeps on refunds too).
    const customId = text(resource.custom_id) ?? text(resource.invoice_id);
    switch (type) {
      case 'PAYMENT.CAPTURE.COMPLETED':
        return { kind: 'paid', payment: this.payment(orderId ?? '', customId, resource) };
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        const reason = type === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'dispute';
        // The refund's capture (its `up` link, asked at our API base) says whether the refund was
        // full (REFUNDED) or partial (PARTIALLY_REFUNDED: the votes stay), and carries our id.
        const captureId = /\/v2\/payments\/captures\/([^/?#]+)$/.exec(resource.links?.find((l) => l.rel === 'up')?.href ?? '')?.[1];
        const capture = captureId ? await this.client.getCapture(decodeURIComponent(captureId)) : null;
        if (reason === 'refund' && capture?.status === 'PARTIALLY_REFUNDED') return { kind: 'ignored', type: `${type} (partial)` };
        return {
          kind: 'reversed',
          providerRef: orderId ?? text(capture?.supplementary_data?.related_ids?.order_id),
          paymentId: customId ?? text(capture?.custom_id) ?? text(capture?.invoice_id),
          reason,
          // Without the capture, the refund's own amount tells a partial refund.
          refunded:
            capture || reason !== 'refund'
              ? null
              : { minor: moneyOf(resource.amount)?.minor ?? null, currency: resource.amount?.currency_code?.toUpperCase() ?? null },
        };
      }
      default:
        return { kind: 'ignored', type };
    }
  }

  /** The order's completed capture refunded in full, once (PayPal-Request-Id of our payment id). */
  async refund(payment: PaymentEntity): Promise<void> {
    if (!payment.providerRef) throw new Error(`payment ${payment.id} has no PayPal order to refund`);
    const order = await this.client.getOrder(payment.providerRef);
    const captures = order.purchase_units?.[0]?.payments?.captures ?? [];
    const capture = captures.find((c) => c.status === 'COMPLETED') ?? captures.find((c) => c.status === 'REFUNDED');
    if (!capture) throw new Error(`PayPal order ${order.id} has no completed capture to refund`);
    if (capture.status === 'REFUNDED') return;
    try {
      await this.client.refundCapture(capture.id, `refund-${payment.id}`);
    } catch (err) {
      if (err instanceof PaypalApiError && err.hasIssue('CAPTURE_FULLY_REFUNDED')) return;
      throw err;
    }
  }

  /** An order's capture: the completed one if any, else the first. */
  private readOrder(order: PaypalOrder): ProviderPayment {
    const unit = order.purchase_units?.[0];
    const captures = unit?.payments?.captures ?? [];
    const capture = captures.find((c) => c.status === 'COMPLETED') ?? captures[0];
    if (!capture) throw new PaymentNotCompleted('This PayPal order has not been captured');
    return this.payment(order.id, capture.custom_id ?? unit?.custom_id ?? null, capture);
  }

  private payment(orderId: string, paymentId: string | null, capture: { status?: string; amount?: PaypalMoney }): ProviderPayment {
    return {
      providerRef: orderId,
      paymentId,
      paid: capture.status === 'COMPLETED',
      amountMinor: moneyOf(capture.amount)?.minor ?? null,
      currency: capture.amount?.currency_code?.toUpperCase() ?? null,
    };
  }
}
