// A loopback stand-in for the few Stripe API calls the server's StripeProvider makes through the real
// `stripe` SDK (pointed here by STRIPE_API_BASE): Checkout Sessions, PaymentIntents and Refunds. Tests mark
// sessions paid and sign webhook payloads with the SDK's own test signer. A browser may also pay at the
// session's url, as at Stripe's hosted Checkout: the page shows the amount, and paying sends the buyer to
// the success_url with {CHECKOUT_SESSION_ID} filled in.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { answerHtml, buyerLocale, checkoutHtml, formatMinor, redirect } from './stand-in-checkout.js';

export interface RecordedRequest {
  method: string;
  path: string;
  /** The form-encoded body as flat keys, e.g. `line_items[0][price_data][unit_amount]`. Only API calls: a browser's checkout page is not recorded. */
  params: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_status: 'paid' | 'unpaid';
  payment_intent: string;
  status: 'open' | 'complete';
  success_url: string;
  cancel_url: string;
  /** The hosted page's language as asked ('auto' or absent: the buyer's browser decides). */
  locale: string | null;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  requests(): RecordedRequest[];
  /** The refunds made, first to last (a repeated idempotency key answers the first and adds none). */
  refunds(): StandInRefund[];
  session(id: string): StandInSession;
  /** The buyer paid at Stripe: payment_status 'paid', optionally with another amount or currency. */
  markPaid(id: string, overrides?: { amountTotal?: number; currency?: string }): StandInSession;
  /** A Stripe event around `object`, and its Stripe-Signature header for `secret`. */
  signedEvent(type: string, object: object, secret: string): { payload: string; signature: string };
  /** While down, every call answers Stripe's 500 api_error. */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const metadataOf = (params: Record<string, string>, prefix: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(params)
      .filter(([k]) => k.startsWith(`${prefix}[`))
      .map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
  );

/** Stripe's three-decimal currencies: amounts in thousandths whose last digit must be 0. */
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** Like Stripe: the currency in lower case, the amount an integer of its minor units (tens for three-decimal currencies); else why not. */
function amountRefusal(params: Record<string, string>): string | null {
  const currency = params['line_items[0][price_data][currency]'] ?? '';
  const amount = params['line_items[0][price_data][unit_amount]'] ?? '';
  if (!/^[a-z]{3}$/.test(currency)) return `Invalid currency: ${currency}`;
  if (!/^\d+$/.test(amount)) return 'Invalid integer: unit_amount must be an integer in the smallest currency unit';
  if (THREE_DECIMAL.has(currency) && !amount.endsWith('0')) return `${currency.toUpperCase()} amounts must end in 0`;
  return null;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const recorded: RecordedRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  const byIdempotencyKey = new Map<string, string>();
  const intents = new Map<string, { id: string; object: 'payment_intent'; metadata: Record<string, string> }>();
  const refunds: StandInRefund[] = [];
  /** The line item's name per session, shown on the checkout page. */
  const productNames = new Map<string, string>();
  let base = '';
  let down = false;

  const answer = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const missing = (res: http.ServerResponse, what: string, id: string) =>
    answer(res, 404, { error: { type: 'invalid_request_error', message: `No such ${what}: '${id}'`, code: 'resource_missing', param: 'id' } });

  const markPaid = (s: StandInSession) => Object.assign(s, { payment_status: 'paid', status: 'complete' });

  /** The hosted checkout at the session's url: GET shows it, POST pays and goes back to success_url. */
  const checkoutPage = (req: http.IncomingMessage, res: http.ServerResponse, id: string) => {
    const s = sessions.get(id);
    if (!s) {
      answerHtml(res, 404, '<!doctype html><title>Not found</title><p>This checkout session does not exist.</p>');
      return;
    }
    if (req.method === 'POST') {
      markPaid(s);
      // Like Stripe: the placeholder in success_url becomes the session's id.
      redirect(res, s.success_url.replaceAll('{CHECKOUT_SESSION_ID}', s.id));
      return;
    }
    // Like Stripe: the session's locale, else ('auto') the buyer's browser.
    const locale = s.locale && s.locale !== 'auto' ? s.locale : buyerLocale(req);
    answerHtml(
      res,
      200,
      checkoutHtml({
        provider: 'Stripe',
        locale,
        item: productNames.get(s.id) ?? '',
        price: formatMinor(s.amount_total, s.currency, locale),
        payAction: `/pay/${s.id}`,
        payLabel: 'Pay',
        cancelUrl: s.cancel_url,
      }),
    );
  };

  const createSession = (params: Record<string, string>): StandInSession => {
    const id = token('cs_test');
    const intent = { id: token('pi'), object: 'payment_intent' as const, metadata: metadataOf(params, 'payment_intent_data[metadata]') };
    intents.set(intent.id, intent);
    const session: StandInSession = {
      id,
      object: 'checkout.session',
      url: `${base}/pay/${id}`,
      mode: params.mode,
      amount_total: Number(params['line_items[0][price_data][unit_amount]']) * Number(params['line_items[0][quantity]'] ?? 1),
      currency: params['line_items[0][price_data][currency]'],
      client_reference_id: params.client_reference_id ?? null,
      customer_email: params.customer_email ?? null,
      metadata: metadataOf(params, 'metadata'),
      payment_status: 'unpaid',
      payment_intent: intent.id,
      status: 'open',
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      locale: params.locale ?? null,
    };
    sessions.set(id, session);
    productNames.set(id, params['line_items[0][price_data][product_data][name]'] ?? '');
    return session;
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', base);
      const payId = /^\/pay\/([^/]+)$/.exec(url.pathname)?.[1];
      if (payId && (req.method === 'GET' || req.method === 'POST')) {
        checkoutPage(req, res, decodeURIComponent(payId));
        return;
      }
      const params = Object.fromEntries(new URLSearchParams(body));
      const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      recorded.push({ method: req.method ?? '', path: url.pathname, params, idempotencyKey, authorization: req.headers.authorization ?? null });
      const sessionId = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname)?.[1];
      const intentId = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname)?.[1];
      if (down) {
        answer(res, 500, { error: { type: 'api_error', message: 'The stand-in is down' } });
      } else if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        // Like Stripe: the same idempotency key answers the session it created first.
        const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        const refused = earlier ? null : amountRefusal(params);
        if (refused) {
          answer(res, 400, { error: { type: 'invalid_request_error', message: refused, param: 'line_items[0][price_data][unit_amount]' } });
          return;
        }
        const session = earlier ? sessions.get(earlier)! : createSession(params);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session.id);
        answer(res, 200, session);
      } else if (req.method === 'GET' && sessionId) {
        const session = sessions.get(decodeURIComponent(sessionId));
        if (session) answer(res, 200, session);
        else missing(res, 'checkout.session', sessionId);
      } else if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        // Like Stripe: the same idempotency key answers the first refund; a PaymentIntent refunded in full refuses another.
        const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        const session = [...sessions.values()].find((s) => s.payment_intent === params.payment_intent);
        if (earlier)
          answer(
            res,
            200,
            refunds.find((r) => r.id === earlier),
          );
        else if (!session || session.payment_status !== 'paid') missing(res, 'payment_intent', params.payment_intent ?? '');
        else if (refunds.some((r) => r.payment_intent === session.payment_intent)) {
          answer(res, 400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: 'Charge has already been refunded.' } });
        } else {
          const refund: StandInRefund = {
            id: token('re'),
            object: 'refund',
            payment_intent: session.payment_intent,
            amount: session.amount_total,
            status: 'succeeded',
            metadata: metadataOf(params, 'metadata'),
          };
          refunds.push(refund);
          if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, refund.id);
          answer(res, 200, refund);
        }
      } else if (req.method === 'GET' && intentId) {
        const intent = intents.get(decodeURIComponent(intentId));
        if (intent) answer(res, 200, intent);
        else missing(res, 'payment_intent', intentId);
      } else {
        answer(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${url.pathname})` } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const session = (id: string): StandInSession => {
    const found = sessions.get(id);
    if (!found) throw new Error(`the Stripe stand-in has no session ${id}`);
    return found;
  };

  return {
    url: base,
    requests: () => [...recorded],
    refunds: () => [...refunds],
    session,
    markPaid: (id, overrides = {}) => {
      const s = session(id);
      markPaid(s);
      if (overrides.amountTotal !== undefined) s.amount_total = overrides.amountTotal;
      if (overrides.currency !== undefined) s.currency = overrides.currency;
      return { ...s };
    },
    signedEvent: (type, object, secret) => {
      const payload = JSON.stringify({ id: token('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    setDown: (value) => {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
