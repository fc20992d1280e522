import { RequestMapping, RequestMethod } from '@nestjs/common';
import 'reflect-metadata';
import type { AnswerOf, Endpoint } from '#contract/api/endpoint.js';

const ROUTE_ENDPOINT = 'screamstage:endpoint';

declare const jsonOf: unique symbol;

/** The JSON text of a T, serialized ahead (a cache of answers); its handler sets the JSON content type (`@Header`). */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** `text` as the JSON text of a T: the caller vouches for what it serialized. */
export const jsonText = <T>(text: string): JsonText<T> => text as JsonText<T>;

/** A JSON answer: the value, or its JSON text serialized ahead. */
type Json<T> = T | JsonText<T>;

/** A file answer is written to the response (or streamed); a JSON one is what the handler returns. */
type Answered<E extends Endpoint> = E['file'] extends string ? unknown : Json<AnswerOf<E>> | Promise<Json<AnswerOf<E>>>;

/**
 * `@Route(jobsEndpoints.retryJob)`: mounts the handler at the endpoint's method and path from the contract's
 * endpoint table (the controller itself has no path), and the compiler holds the handler's answer to the
 * endpoint's answer type. Routes are declared this way only: a bare `@Get()` is refused by lint.
 */
export function Route<E extends Endpoint>(endpoint: E) {
  // A handler's parameters are whatever its pipes give it; its answer is the endpoint's.
  return <F extends (...args: never[]) => Answered<E>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<F>): void => {
    RequestMapping({ path: endpoint.path, method: RequestMethod[endpoint.method] })(target, key, descriptor);
    Reflect.defineMetadata(ROUTE_ENDPOINT, endpoint, descriptor.value as object);
  };
}

/** The endpoint a route method was mounted from, if it was. */
export function endpointOf(method: object): Endpoint | undefined {
  return Reflect.getMetadata(ROUTE_ENDPOINT, method) as Endpoint | undefined;
}
