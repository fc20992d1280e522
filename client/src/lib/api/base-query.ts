// The one base query every endpoint uses: adds the Bearer token, signs out on any 401, notes a 403
// that asks an owner to set up two-factor sign-in first, and normalises errors to the API's `detail` shapes (docs/product.md#api-conventions). It calls `fetch` directly with
// a plain init object so it runs the same in browsers and in the test DOM.
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { TWO_FACTOR_MESSAGES } from '#contract/twofactor/messages';
import { signOut, twoFactorSetupRequired } from '../auth/auth-slice';
import { env } from '../env';
import type { ThunkExtra } from '../realtime/realtime-context';
import { tokenStorage } from '../storage';
import { toApiError, type ApiError } from './api-error';

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Plain objects are sent as JSON; FormData and URLSearchParams as they are. */
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined>;
  /** false: sent without the token, as the account calls (sign-in, e-mail and password links) are. */
  withToken?: boolean;
}

export interface ApiMeta {
  status: number;
  /** `x-total-count` of paged lists. */
  totalCount?: number;
}

function buildUrl({ url, params }: ApiRequest): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined) query.set(key, String(value));
  const qs = query.toString();
  return `${env.apiBaseUrl}${url}${qs ? `${url.includes('?') ? '&' : '?'}${qs}` : ''}`;
}

function buildInit(request: ApiRequest, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = request.withToken === false ? null : tokenStorage.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  const raw = request.body;
  if (raw instanceof FormData || raw instanceof URLSearchParams) body = raw;
  else if (raw !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(raw);
  }
  return { method: request.method ?? 'GET', headers, body, credentials: 'include', signal };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const baseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiError, object, ApiMeta> = async (args, api) => {
  const request = typeof args === 'string' ? { url: args } : args;
  let response: Response;
  try {
    const send = (api.extra as Partial<ThunkExtra> | undefined)?.fetch ?? fetch;
    response = await send(buildUrl(request), buildInit(request, api.signal));
  } catch {
    return { error: { status: 0 } };
  }
  const body = await readBody(response).catch(() => null);
  const total = Number(response.headers?.get?.('x-total-count'));
  const meta: ApiMeta = { status: response.status, totalCount: Number.isFinite(total) ? total : undefined };
  if (response.status >= 200 && response.status < 300) return { data: body, meta };
  if (response.status === 401) api.dispatch(signOut());
  const error = toApiError(response.status, body);
  // STAFF_2FA=required: the admin area sends the owner to the two-factor setup.
  if (response.status === 403 && error.detail === TWO_FACTOR_MESSAGES.setupRequired) api.dispatch(twoFactorSetupRequired());
  return { error, meta };
};
