// A loopback stand-in for the few PayPal REST calls the server makes (token, Orders v2, webhook
// verification), so the real client code runs against it. Orders are approved by the test (approve()),
// as a buyer would at PayPal, or by a browser at the order's payer-action page: it shows the amount, and
// paying approves the order and sends the buyer to its return_url with ?token=<order id>&PayerID=…, as
// PayPal does. A webhook verifies only when its transmission signature is VALID_SIG.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerHtml, buyerLocale, checkoutHtml, formatMajor, redirect } from './stand-in-checkout.js';

export const VALID_SIG = 'valid-sig';

/** The REST calls made (a browser's payer-action page is not recorded). */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

interface Money {
  currency_code: string;
  value: string;
}

interface StandInOrder {
  id: string;
  body: {
    purchase_units: { custom_id?: string; description?: string; amount: Money }[];
    payment_source?: { paypal?: { experience_context?: { return_url?: string; cancel_url?: string; locale?: string } } };
  };
  approved: Money | null;
  capture: { id: string; status: 'COMPLETED' | 'REFUNDED'; amount: Money; custom_id?: string } | null;
  /** The refund of the capture (one, in full), with the PayPal-Request-Id that made it. */
  refund: { id: string; requestId: string | null } | null;
}

export interface PaypalStandIn {
  url: string;
  requests: RecordedRequest[];
  orders: Map<string, StandInOrder>;
  /** The buyer approves the order at PayPal; `value`/`currency` make the capture take another amount. */
  approve(orderId: string, paid?: { value?: string; currency?: string }): void;
  /** PayPal captures the approved order now, as if an earlier capture's answer had been lost. */
  captureNow(orderId: string): void;
  /** The next call whose path ends with `pathEnd` answers `status` (PayPal failing for a moment). */
  failNext(pathEnd: string, status: number): void;
  stop(): Promise<void>;
}

/** PayPal's currency codes, and those it takes without decimals. */
const PAYPAL_CURRENCIES = new Set('AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(' '));
const WHOLE_ONLY = new Set(['HUF', 'JPY', 'TWD']);

/** PayPal's issue for an order amount it refuses, or null: 'CURRENCY_NOT_SUPPORTED', 'DECIMAL_PRECISION'. */
function amountRefusal(amount: Money | undefined): string | null {
  if (!amount || !PAYPAL_CURRENCIES.has(amount.currency_code)) return 'CURRENCY_NOT_SUPPORTED';
  const decimals = WHOLE_ONLY.has(amount.currency_code) ? /^\d{1,12}$/ : /^\d{1,12}(\.\d{1,2})?$/;
  return decimals.test(amount.value) ? null : 'DECIMAL_PRECISION';
}

export async function startPaypalStandIn(clientId = 'id', clientSecret = 'secret'): Promise<PaypalStandIn> {
  const requests: RecordedRequest[] = [];
  const orders = new Map<string, StandInOrder>();
  const failures: { pathEnd: string; status: number }[] = [];
  const tokens = new Set<string>();
  let seq = 0;
  let url = '';

  const order = (o: StandInOrder) => ({
    id: o.id,
    status: o.capture ? 'COMPLETED' : o.approved ? 'APPROVED' : 'PAYER_ACTION_REQUIRED',
    links: [{ rel: 'payer-action', href: `${url}/checkoutnow?token=${o.id}`, method: 'GET' }],
    purchase_units: [{ ...o.body.purchase_units[0], payments: o.capture ? { captures: [o.capture] } : undefined }],
  });
  const capture = (o: StandInOrder, amount: Money) => {
    o.capture = { id: `CAPTURE${++seq}`, status: 'COMPLETED', amount, custom_id: o.body.purchase_units[0].custom_id };
  };
  const approve = (o: StandInOrder, paid: { value?: string; currency?: string } = {}) => {
    const amount = o.body.purchase_units[0].amount;
    o.approved = { currency_code: paid.currency ?? amount.currency_code, value: paid.value ?? amount.value };
  };
  /** `address` with `params` added to its query (before any fragment). */
  const withQuery = (address: string, params: Record<string, string>) => {
    const url = new URL(address);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.href;
  };

  /** The payer-action page: GET shows the order, POST approves it and goes back to its return_url. */
  const payerAction = (req: http.IncomingMessage, res: http.ServerResponse, orderId: string) => {
    const o = orders.get(orderId);
    const context = o?.body.payment_source?.paypal?.experience_context;
    if (!o || !context?.return_url || !context.cancel_url) {
      answerHtml(res, 404, '<!doctype html><title>Not found</title><p>This order does not exist.</p>');
      return;
    }
    if (req.method === 'POST') {
      if (!o.approved) approve(o);
      // Like PayPal: the buyer comes back with the order id as `token` and their payer id.
      redirect(res, withQuery(context.return_url, { token: o.id, PayerID: 'STANDINPAYER1' }));
      return;
    }
    // Like PayPal: the order's experience locale, else the buyer's browser.
    const locale = context.locale ?? buyerLocale(req);
    const { amount, description } = o.body.purchase_units[0];
    answerHtml(
      res,
      200,
      checkoutHtml({
        provider: 'PayPal',
        locale,
        item: description ?? '',
        price: formatMajor(Number(amount.value), amount.currency_code, locale),
        payAction: `/checkoutnow?token=${encodeURIComponent(o.id)}`,
        payLabel: 'Pay Now',
        cancelUrl: withQuery(context.cancel_url, { token: o.id }),
      }),
    );
  };
  const unprocessable = (issue: string) => ({ name: 'UNPROCESSABLE_ENTITY', debug_id: `dbg${++seq}`, details: [{ issue }] });

  const handle = (req: RecordedRequest): [number, unknown] => {
    const failure = failures.findIndex((f) => req.path.endsWith(f.pathEnd));
    if (failure >= 0) return [failures.splice(failure, 1)[0].status, { name: 'INTERNAL_SERVER_ERROR' }];
    if (req.method === 'POST' && req.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return [401, { error: 'invalid_client' }];
      const token = `A21.token.${++seq}`;
      tokens.add(token);
      return [200, { access_token: token, token_type: 'Bearer', expires_in: 32400 }];
    }
    if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return [401, { error: 'invalid_token' }];
    if (req.method === 'POST' && req.path === '/v2/checkout/orders') {
      // Like PayPal: a currency it does not take, or an amount with decimals the currency does not have, is refused.
      const refused = amountRefusal((req.body as StandInOrder['body'])?.purchase_units?.[0]?.amount);
      if (refused) return [422, unprocessable(refused)];
      const o: StandInOrder = { id: `ORDER${++seq}`, body: req.body as StandInOrder['body'], approved: null, capture: null, refund: null };
      orders.set(o.id, o);
      return [200, order(o)];
    }
    const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(req.path);
    const o = m ? orders.get(decodeURIComponent(m[1])) : undefined;
    if (m && !o) return [404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] }];
    if (o && req.method === 'GET' && !m?.[2]) return [200, order(o)];
    if (o && req.method === 'POST' && m?.[2]) {
      if (o.capture) return [422, unprocessable('ORDER_ALREADY_CAPTURED')];
      if (!o.approved) return [422, unprocessable('ORDER_NOT_APPROVED')];
      capture(o, o.approved);
      return [201, order(o)];
    }
    const r = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(req.path);
    if (r && req.method === 'POST') {
      // Like PayPal: a repeated PayPal-Request-Id answers the first refund; a capture refunded in full refuses another.
      const refunded = [...orders.values()].find((x) => x.capture?.id === decodeURIComponent(r[1]));
      if (!refunded?.capture) return [404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] }];
      const requestId = typeof req.headers['paypal-request-id'] === 'string' ? req.headers['paypal-request-id'] : null;
      if (refunded.refund && requestId !== null && refunded.refund.requestId === requestId) return [201, { id: refunded.refund.id, status: 'COMPLETED' }];
      if (refunded.refund) return [422, unprocessable('CAPTURE_FULLY_REFUNDED')];
      refunded.refund = { id: `REFUND${++seq}`, requestId };
      refunded.capture.status = 'REFUNDED';
      return [201, { id: refunded.refund.id, status: 'COMPLETED' }];
    }
    const c = /^\/v2\/payments\/captures\/([^/]+)$/.exec(req.path);
    const captured = c ? [...orders.values()].find((x) => x.capture?.id === c[1]) : undefined;
    if (c && req.method === 'GET') {
      if (!captured?.capture) return [404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] }];
      return [200, { ...captured.capture, supplementary_data: { related_ids: { order_id: captured.id } } }];
    }
    if (req.method === 'POST' && req.path === '/v1/notifications/verify-webhook-signature') {
      const b = req.body ?? {};
      if (typeof b.webhook_event !== 'object' || !b.webhook_id) return [400, { name: 'VALIDATION_ERROR' }];
      return [200, { verification_status: b.transmission_sig === VALID_SIG && b.webhook_id === 'WH-1' ? 'SUCCESS' : 'FAILURE' }];
    }
    return [404, { name: 'NOT_FOUND' }];
  };

  const server = http.createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/checkoutnow' && (req.method === 'GET' || req.method === 'POST')) {
        payerAction(req, res, url.searchParams.get('token') ?? '');
        return;
      }
      let body: Record<string, unknown> | null;
      try {
        body = text && req.headers['content-type']?.includes('json') ? (JSON.parse(text) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const recorded: RecordedRequest = { method: req.method ?? '', path: (req.url ?? '').split('?')[0], headers: req.headers, body };
      requests.push(recorded);
      const [status, answer] = handle(recorded);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    orders,
    approve: (orderId, paid = {}) => {
      const o = orders.get(orderId);
      if (!o) throw new Error(`no order ${orderId}`);
      approve(o, paid);
    },
    captureNow: (orderId) => {
      const o = orders.get(orderId);
      if (!o?.approved) throw new Error(`order ${orderId} is not approved`);
      capture(o, o.approved);
    },
    failNext: (pathEnd, status) => failures.push({ pathEnd, status }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
