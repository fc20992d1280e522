// Every call the client makes is built here from its entry in the contract's endpoint table: the method
// and path come from the table, the path parameters are filled in (encoded), and the query and body are
// typed by the schemas the server validates them with. Endpoints never write a URL or a method by hand.
import { endpointPath, type BodyIn, type Endpoint, type PathParamNames, type PathParams, type QueryIn } from '#contract/api/endpoint';
import type { ApiRequest } from './base-query';

type PathPart<E extends Endpoint> = [PathParamNames<E['path']>] extends [never] ? unknown : { path: PathParams<E> };
type QueryPart<E extends Endpoint> = undefined extends E['query'] ? unknown : { query: QueryIn<E> };
// The server reads a missing body as {}: a body whose every field is optional may be left out.
type JsonBodyPart<E extends Endpoint> = object extends BodyIn<E> ? { body?: BodyIn<E> } : { body: BodyIn<E> };
type BodyPart<E extends Endpoint> = undefined extends E['body'] ? (undefined extends E['multipart'] ? unknown : { body: FormData }) : JsonBodyPart<E>;

/** What a call needs besides its endpoint: its path parameters, query and body, each only when it has them. */
export type RequestArgs<E extends Endpoint> = PathPart<E> & QueryPart<E> & BodyPart<E>;

/** How the base query sends the request beyond the endpoint's own (with the token or without). */
export type RequestOptions = Pick<ApiRequest, 'withToken'>;

type ArgsTuple<E extends Endpoint> =
  object extends RequestArgs<E> ? [args?: RequestArgs<E>, options?: RequestOptions] : [args: RequestArgs<E>, options?: RequestOptions];

/** A body's fields as a form posts them: each value as text, an absent one left out. */
function formEncoded(body: unknown): URLSearchParams {
  const fields = Object.entries(body as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== null);
  return new URLSearchParams(fields.map(([key, value]) => [key, String(value)]));
}

/** The request of `endpoint` for the base query: `request(jobsEndpoints.retryJob, { path: { queue, id } })`. */
export function request<E extends Endpoint>(endpoint: E, ...[args, options]: ArgsTuple<E>): ApiRequest {
  const { path, query, body } = (args ?? {}) as { path?: Record<string, string | number>; query?: ApiRequest['params']; body?: unknown };
  const url = endpointPath(endpoint, (path ?? {}) as PathParams<E>);
  return { url, method: endpoint.method, params: query, body: endpoint.form && body ? formEncoded(body) : body, ...options };
}
