import { applyDecorators, RequestMapping, RequestMethod, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AnswerOf, Endpoint } from '#contract/api/endpoint.js';
import { JwtAuthGuard } from '#server/common/auth/jwt-auth.guard.js';
import { StaffGuard } from '#server/common/auth/staff.guard.js';
import { endpointOf, markEndpoint } from './route-endpoint.js';

export { endpointOf };

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
 * A staff call: a signed-in account (JwtAuthGuard, 401 otherwise) whose staff role grants the endpoint's
 * permission (StaffGuard, 403 otherwise), and the API document says so.
 */
const staffOnly = () =>
  applyDecorators(
    UseGuards(JwtAuthGuard, StaffGuard),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Not authenticated' }),
    ApiForbiddenResponse({ description: 'Not a staff account, or a staff role without this permission' }),
  );

/**
 * `@Route(jobsEndpoints.retryJob)`: mounts the handler at the endpoint's method and path from the contract's
 * endpoint table (the controller itself has no path), and the compiler holds the handler's answer to the
 * endpoint's answer type. Routes are declared this way only: a bare `@Get()` is refused by lint. An endpoint
 * that names a `staff` permission is guarded here, from the table, and nowhere else.
 */
export function Route<E extends Endpoint>(endpoint: E) {
  // A handler's parameters are whatever its pipes give it; its answer is the endpoint's.
  return <F extends (...args: never[]) => Answered<E>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<F>): void => {
    RequestMapping({ path: endpoint.path, method: RequestMethod[endpoint.method] })(target, key, descriptor);
    markEndpoint(descriptor.value as object, endpoint);
    if (endpoint.staff) staffOnly()(target, key, descriptor);
  };
}
