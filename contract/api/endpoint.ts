// One call of the API as the server mounts it and the client sends it: its method, its path under
// /api/v1 (`:name` marks a path parameter), the schemas of its query string and body, and the type of
// its answer. An endpoint holds names and phantom types only, never a schema object, so a page that
// calls it loads no zod; the server's check (server/src/common/http/endpoint-table.spec.ts) looks each named
// schema up and requires it to be the very schema the route's pipe validates with.
import type { z } from 'zod';
import type { StaffPermission } from '../auth/roles.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

declare const carried: unique symbol;

/** A type an endpoint carries for the compiler alone: at run time it is an empty object or a schema's name. */
export interface Phantom<T> {
  readonly [carried]?: T;
}

/** A request schema by its module (`votes/requests`, `common/params`) and exported name. */
export interface NamedSchema<S extends z.ZodType = z.ZodType> extends Phantom<S> {
  readonly module: string;
  readonly name: string;
}

export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  /** The schema of the query string, when the call reads it as one object. */
  readonly query?: NamedSchema;
  /** The schema of the JSON body. */
  readonly body?: NamedSchema;
  /** The client sends the body form-encoded (application/x-www-form-urlencoded), as an HTML form posts it. */
  readonly form?: true;
  /** The schema of the text fields of a multipart/form-data body (its files come beside them). */
  readonly multipart?: NamedSchema;
  /** The media type of the answer when it is a file (a CSV export, an image) rather than JSON. */
  readonly file?: string;
  /** A staff call: the signed-in account's role must grant this permission (contract/auth/roles.ts). */
  readonly staff?: StaffPermission;
  readonly answer: Phantom<unknown>;
}

/** A domain's calls by name. */
export type EndpointTable = Readonly<Record<string, Endpoint>>;

/** The answer's type, `answer<ContestSummary>()`: nothing at run time. */
export const answer = <T>(): Phantom<T> => ({});

/**
 * The schemas of one module by name, checked by the compiler against its exports:
 * `const request = schemasOf<typeof requests>('votes/requests')`, then `body: request('voteBodySchema')`.
 */
export const schemasOf =
  <Module>(module: string) =>
  <Name extends keyof Module & string>(name: Name): NamedSchema<Extract<Module[Name], z.ZodType>> => ({ module, name });

type SchemaOf<N> = N extends NamedSchema<infer S> ? S : never;

/** The names of a path's parameters: `'/contests/:id/groups/:groupId'` → `'id' | 'groupId'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** What the call answers: the JSON body's type, or the file's text. */
export type AnswerOf<E extends Endpoint> = E['answer'] extends Phantom<infer T> ? T : never;

/** The query as the server reads it, after its schema's checks and coercions. */
export type QueryOf<E extends Endpoint> = z.output<SchemaOf<E['query']>>;

/** The JSON body as the server reads it, after its schema's checks and coercions. */
export type BodyOf<E extends Endpoint> = z.output<SchemaOf<E['body']>>;

/** A query value as sent: a text field may be given as a number, which the query string writes as digits. */
type Sent<T> = T | (string extends T ? number : never);

/** The query as the client sends it (before the server's coercions). */
export type QueryIn<E extends Endpoint> = { [K in keyof z.input<SchemaOf<E['query']>>]: Sent<z.input<SchemaOf<E['query']>>[K]> };

/** The JSON body as the client sends it (before the server's coercions). */
export type BodyIn<E extends Endpoint> = z.input<SchemaOf<E['body']>>;

/** The path parameters as the client fills them in. */
export type PathParams<E extends Endpoint> = { [K in PathParamNames<E['path']>]: string | number };

/** The API's address prefix: every endpoint's path is under it. */
export const API_PREFIX_PATH = '/api/v1';

/**
 * An endpoint's path with its parameters filled in, each encoded as one path segment:
 * `endpointPath(jobsEndpoints.retryJob, { queue: 'mail', id: 7 })` → `/admin/jobs/mail/7/retry`.
 */
export function endpointPath<E extends Endpoint>(endpoint: E, params: PathParams<E>): string {
  const values = params as Record<string, string | number | undefined>;
  return endpoint.path.replace(/:([A-Za-z]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
