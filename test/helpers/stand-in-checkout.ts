// The page a buyer sees at a payment provider's stand-in: what is being bought, the amount in the
// buyer's language (from Accept-Language, as the providers' hosted pages pick theirs), a button that
// pays (a form POST back to the stand-in) and a link that cancels. Only loopback tests open it. And the
// app's settings that send its payments to the stand-ins.
import type http from 'node:http';

/** The first language the browser asks for, if Intl knows it; else English. */
export function buyerLocale(req: http.IncomingMessage): string {
  const first = (req.headers['accept-language'] ?? '').split(',')[0]?.split(';')[0]?.trim();
  try {
    return first ? (Intl.getCanonicalLocales(first)[0] ?? 'en') : 'en';
  } catch {
    return 'en';
  }
}

/** An amount in major units of `currency` as the buyer's language writes money ('R$ 12,50' in pt-BR). */
export function formatMajor(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

/** An amount in minor units (ISO 4217's: cents, yen as they are, thousandths of a dinar), written as formatMajor does. */
export function formatMinor(amountMinor: number, currency: string, locale: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  return formatMajor(amountMinor / 10 ** digits, currency, locale);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface CheckoutPage {
  provider: string;
  locale: string;
  /** What is bought, e.g. '12 votes'. */
  item: string;
  /** The amount as formatMinor writes it. */
  price: string;
  /** Where the pay button posts. */
  payAction: string;
  payLabel: string;
  cancelUrl: string;
}

export function checkoutHtml(p: CheckoutPage): string {
  return `<!doctype html>
<html lang="${escapeHtml(p.locale)}">
<head><meta charset="utf-8"><title>${escapeHtml(p.provider)} checkout</title></head>
<body>
<main>
<h1>${escapeHtml(p.provider)} checkout</h1>
<p>${escapeHtml(p.item)}</p>
<p data-testid="amount">${escapeHtml(p.price)}</p>
<form method="post" action="${escapeHtml(p.payAction)}"><button type="submit">${escapeHtml(p.payLabel)}</button></form>
<a href="${escapeHtml(p.cancelUrl)}">Cancel</a>
</main>
</body>
</html>`;
}

export function answerHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}

export function redirect(res: http.ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

/** The app's settings that send its payments to these stand-ins instead of TEST MODE (each provider given). */
export function standInProviders({ stripe, paypal }: { stripe?: { url: string }; paypal?: { url: string } }): Record<string, string> {
  return {
    PAYMENTS_TEST_MODE: 'false',
    ...(stripe ? { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_BASE: stripe.url } : {}),
    ...(paypal ? { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_WEBHOOK_ID: 'WH-1', PAYPAL_API_BASE: paypal.url } : {}),
  };
}
