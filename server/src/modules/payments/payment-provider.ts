import { mailLanguage, type MailLanguage } from '#server/infra/mail/mail-language.js';
import type { PaymentEntity, PaymentProviderName } from './entities/payment.entity.js';
import { CHECKOUT_TEXTS } from './mail-messages.js';

/** The language the buyer used on the site: the provider's checkout page speaks it too. */
export const checkoutLanguage = (payment: PaymentEntity): MailLanguage => mailLanguage(payment.locale);

/** What the checkout page names as bought, in the buyer's language ("12 votes", "12 votos"). */
export function checkoutItem(payment: PaymentEntity): string {
  const lang = checkoutLanguage(payment);
  return lang.say(CHECKOUT_TEXTS.item, { votes: lang.count(payment.votes) });
}

export interface Checkout {
  /** The provider's id of the checkout (Stripe session, PayPal order, TEST MODE reference). */
  providerRef: string;
  /** Where the buyer pays. */
  paymentUrl: string;
}

/** What the provider says about one checkout, read (Stripe) or captured (PayPal) at the provider. */
export interface ProviderPayment {
  /** The provider's id of the checkout (Stripe session id, PayPal order id). */
  providerRef: string;
  /** Our payment id as the provider carries it (Stripe client_reference_id/metadata, PayPal custom_id). */
  paymentId: string | null;
  /** True only when the money is taken (Stripe payment_status 'paid', PayPal capture COMPLETED). */
  paid: boolean;
  /** In the currency's minor units, read from the provider's format. */
  amountMinor: number | null;
  /** Upper-case ISO code, e.g. 'USD'. */
  currency: string | null;
}

/** A provider's webhook, verified and read. */
export type WebhookEvent =
  | { kind: 'paid'; payment: ProviderPayment }
  /**
   * A refund or a lost dispute: the payment's votes go back out. Either reference may be known.
   * `refunded`, when the provider could not say whether the refund was full, is the amount this event
   * refunded (minor units, in its currency): less than the payment's amount is a partial refund, which
   * leaves the votes.
   */
  | {
      kind: 'reversed';
      providerRef: string | null;
      paymentId: string | null;
      reason: 'refund' | 'dispute';
      refunded?: { minor: number | null; currency: string | null } | null;
    }
  /** A verified event this product does not act on. */
  | { kind: 'ignored'; type: string };

/** The buyer cannot be credited (unpaid, unapproved, declined): a clear 4xx with this text. */
export class PaymentNotCompleted extends Error {}

/** A webhook whose signature does not verify: 400. */
export class InvalidWebhook extends Error {}

/** A payment provider behind one small class (docs/architecture.md, adapters), chosen in payments.module.ts. */
export abstract class PaymentProvider {
  abstract readonly name: PaymentProviderName;
  /** Whether confirm() is what takes the buyer's money (PayPal captures then), rather than reading what was taken. */
  abstract readonly confirmTakesMoney: boolean;
  abstract createCheckout(payment: PaymentEntity, successUrl: string, cancelUrl: string): Promise<Checkout>;
  /**
   * After the buyer came back: what the provider says about the checkout. Stripe retrieves the
   * session; PayPal captures the approved order (capturing twice answers the first capture).
   * Throws PaymentNotCompleted when the checkout is not paid. `paymentId` is ours (PayPal's capture
   * idempotency key). With `takeMoney` false, a provider whose confirm takes the money only reads
   * whether it was taken already (PayPal reads the order instead of capturing it).
   */
  abstract confirm(providerRef: string, paymentId: string, takeMoney?: boolean): Promise<ProviderPayment>;
  /** Verifies a webhook (signature or provider's verify call) and reads it; throws InvalidWebhook. */
  abstract readWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<WebhookEvent>;
  /**
   * Gives a paid payment's whole amount back to the buyer. Idempotent (keyed by our payment id): a
   * repeat, or a payment the provider has already refunded in full, resolves without a second refund.
   */
  abstract refund(payment: PaymentEntity): Promise<void>;
}
