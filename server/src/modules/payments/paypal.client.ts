// A small typed client over fetch for the few PayPal REST calls this product makes (Orders v2 and
// webhook verification). The official SDK only knows PayPal's two fixed addresses (docs/decisions/016).
// Neither the client secret nor the access token is ever put into an error message or a log line.

export interface PaypalMoney {
  currency_code: string;
  /** A decimal string, e.g. '10.00'. */
  value: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

export interface PaypalCapture {
  id: string;
  status: string;
  amount?: PaypalMoney;
  custom_id?: string;
  invoice_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
}

export interface PaypalPurchaseUnit {
  reference_id?: string;
  custom_id?: string;
  invoice_id?: string;
  amount?: PaypalMoney;
  payments?: { captures?: PaypalCapture[] };
}

export interface PaypalOrder {
  id: string;
  status: string;
  links?: PaypalLink[];
  purchase_units?: PaypalPurchaseUnit[];
}

export interface CreateOrderRequest {
  intent: 'CAPTURE';
  purchase_units: {
    reference_id?: string;
    custom_id: string;
    invoice_id?: string;
    description?: string;
    amount: PaypalMoney;
  }[];
  payment_source: {
    paypal: {
      experience_context: {
        return_url: string;
        cancel_url: string;
        user_action?: 'PAY_NOW' | 'CONTINUE';
        shipping_preference?: 'NO_SHIPPING' | 'GET_FROM_FILE' | 'SET_PROVIDED_ADDRESS';
        /** BCP 47 with the country ('pt-BR'): the language of the payer's pages. */
        locale?: string;
      };
    };
  };
}

/** The transmission headers of a webhook, as PayPal's verify call names them. */
export interface WebhookTransmission {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
}

/** PayPal's error body: `name` (e.g. UNPROCESSABLE_ENTITY) and `details[].issue` (e.g. ORDER_NOT_APPROVED). */
interface PaypalErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string }[];
  error?: string;
}

/** A non-2xx answer of PayPal's API. The message names the call, status, error name, issues and debug id. */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string | null,
    readonly issues: string[],
    readonly debugId: string | null,
    call: string,
  ) {
    super(
      `PayPal ${call} answered ${status}${errorName ? ` ${errorName}` : ''}${issues.length ? ` [${issues.join(', ')}]` : ''}${debugId ? ` (debug_id ${debugId})` : ''}`,
    );
  }

  hasIssue(issue: string): boolean {
    return this.issues.includes(issue);
  }
}

export interface PaypalClientOptions {
  clientId: string;
  clientSecret: string;
  /** e.g. https://api-m.sandbox.paypal.com, no trailing slash. */
  apiBase: string;
  /** Per request; 15 s unless told. */
  timeoutMs?: number;
}

/** Renew the token this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export class PaypalClient {
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private readonly timeoutMs: number;

  constructor(private readonly options: PaypalClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
  }

  /** POST /v2/checkout/orders; `requestId` makes a repeat answer the same order. */
  createOrder(body: CreateOrderRequest, requestId: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>('POST', '/v2/checkout/orders', {
      body: JSON.stringify(body),
      headers: { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
    });
  }

  /** POST /v2/checkout/orders/{id}/capture, answered in full (with its captures). */
  captureOrder(orderId: string, requestId: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
      headers: { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
    });
  }

  /** GET /v2/checkout/orders/{id}. */
  getOrder(orderId: string): Promise<PaypalOrder> {
    return this.call<PaypalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
  }

  /** GET /v2/payments/captures/{id}: a capture with its custom_id and order. */
  getCapture(captureId: string): Promise<PaypalCapture> {
    return this.call<PaypalCapture>('GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
  }

  /** POST /v2/payments/captures/{id}/refund with no amount: the whole capture; `requestId` makes a repeat answer the same refund. */
  refundCapture(captureId: string, requestId: string): Promise<{ id: string; status: string }> {
    return this.call<{ id: string; status: string }>('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
      body: '{}',
      headers: { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
    });
  }

  /**
   * POST /v1/notifications/verify-webhook-signature: PayPal's verification status ('SUCCESS' or
   * 'FAILURE'). The event travels as the exact JSON text PayPal sent (`rawEvent`, already checked to
   * parse), so nothing in it is changed by parsing and printing it again.
   */
  async verifyWebhookSignature(transmission: WebhookTransmission, rawEvent: string): Promise<string> {
    const head = JSON.stringify(transmission);
    const body = `${head.slice(0, -1)},"webhook_event":${rawEvent}}`;
    const answer = await this.call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', { body });
    return answer.verification_status ?? 'FAILURE';
  }

  /** An authorised JSON call; a 401 renews the token once (PayPal may end a token early). */
  private async call<T>(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken();
      const res = await this.send(`${method} ${path}`, `${this.options.apiBase}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json', ...init.headers },
        body: init.body,
      });
      if (res.status === 401 && attempt === 0) {
        this.token = null;
        continue;
      }
      return this.read<T>(`${method} ${path}`, res);
    }
  }

  /** POST /v1/oauth2/token (client credentials), kept until shortly before it expires; one request at a time. */
  private accessToken(): Promise<string> {
    if (this.token && Date.now() < this.token.expiresAt) return Promise.resolve(this.token.value);
    this.pendingToken ??= this.fetchToken().finally(() => (this.pendingToken = null));
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    const res = await this.send('POST /v1/oauth2/token', `${this.options.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    const answer = await this.read<{ access_token?: string; expires_in?: number }>('POST /v1/oauth2/token', res);
    if (!answer.access_token) throw new Error('PayPal POST /v1/oauth2/token answered no access_token');
    const lifetimeMs = (typeof answer.expires_in === 'number' ? answer.expires_in : 0) * 1000;
    this.token = { value: answer.access_token, expiresAt: Date.now() + Math.max(0, lifetimeMs - TOKEN_MARGIN_MS) };
    return answer.access_token;
  }

  private async send(call: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      const reason = err instanceof Error && err.name === 'TimeoutError' ? `timed out after ${this.timeoutMs} ms` : 'could not be reached';
      throw new Error(`PayPal ${call} ${reason}`, { cause: err });
    }
  }

  private async read<T>(call: string, res: Response): Promise<T> {
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : {};
    } catch {
      body = null;
    }
    if (!res.ok) {
      const e = (body && typeof body === 'object' ? body : {}) as PaypalErrorBody;
      const issues = (e.details ?? []).map((d) => d.issue).filter((i): i is string => typeof i === 'string');
      throw new PaypalApiError(res.status, e.name ?? e.error ?? null, issues, e.debug_id ?? null, call);
    }
    if (body === null || typeof body !== 'object') throw new Error(`PayPal ${call} answered ${res.status} without a JSON object`);
    return body as T;
  }
}
