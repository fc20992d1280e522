// The fake network of the client tests: msw answers the app's fetch calls (the one boundary every
// endpoint goes through), by "METHOD /path", and records every request it sees, parsed. A test file
// that imports this module has the server listening for all its tests, each test's handlers dropped
// after it; a request no handler answers fails its fetch and is reported. The globals msw needs in
// jsdom (fetch, Request, Response, streams...) are set by the client Jest setup.
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** What a route answers: JSON `body` (none if undefined), `status` 200 unless given, extra headers. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  /** Path and query, as the app asked for them: '/api/v1/contestants?q=vamp&skip=0'. */
  url: string;
  path: string;
  headers: Headers;
  /** Whether the browser would send its cookies with it ('include', 'same-origin' or 'omit'). */
  credentials: RequestCredentials;
  /** Parsed: a JSON value, FormData (multipart), URLSearchParams (a form), text; undefined when empty. */
  body: unknown;
}

export type Responder = Reply | ((request: RecordedRequest) => Reply | Promise<Reply>);
/** Keyed "METHOD /path" (no query), e.g. 'GET /api/v1/users/me'. */
export type Routes = Record<string, Responder>;

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;
const NOT_FOUND: Reply = { status: 404, body: { detail: 'Not Found' } };

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) return request.formData();
  const text = await request.text();
  if (!text) return undefined;
  if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(text);
  if (type.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

async function record(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  return {
    method: request.method,
    url: `${url.pathname}${url.search}`,
    path: url.pathname,
    headers: request.headers,
    credentials: request.credentials,
    body: await readBody(request),
  };
}

function toResponse({ status = 200, body, headers = {} }: Reply): Response {
  return body === undefined ? new HttpResponse(null, { status, headers }) : HttpResponse.json(body as never, { status, headers });
}

/**
 * Answers the given routes for the rest of the test (a later call takes precedence) and anything else
 * with 404 {detail: 'Not Found'}; every request, answered by a route or not, is recorded.
 */
export function mockNetwork(routes: Routes) {
  const requests: RecordedRequest[] = [];
  const answer =
    (responder: Responder) =>
    async ({ request }: { request: Request }) => {
      const seen = await record(request);
      requests.push(seen);
      return toResponse(typeof responder === 'function' ? await responder(seen) : responder);
    };
  const handlers: HttpHandler[] = Object.entries(routes).map(([key, responder]) => {
    const [method, path] = key.split(' ');
    const route = METHODS[method as keyof typeof METHODS];
    if (!route || !path) throw new Error(`A route is "METHOD /path": ${key}`);
    return route(path, answer(responder));
  });
  server.use(...handlers, http.all('*', answer(NOT_FOUND)));
  return {
    requests,
    requestsTo: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
  };
}

/** Every request to `method path` fails at the network level (no answer at all). */
export function failNetwork(method: keyof typeof METHODS, path: string) {
  server.use(METHODS[method](path, () => HttpResponse.error()));
}
