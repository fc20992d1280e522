import 'reflect-metadata';
import type { Endpoint } from '#contract/api/endpoint.js';

const ROUTE_ENDPOINT = 'screamstage:endpoint';

/** Keeps the endpoint a route method is mounted from on the method itself (`@Route`). */
export function markEndpoint(method: object, endpoint: Endpoint): void {
  Reflect.defineMetadata(ROUTE_ENDPOINT, endpoint, method);
}

/** The endpoint a route method was mounted from, if it was. */
export function endpointOf(method: object): Endpoint | undefined {
  return Reflect.getMetadata(ROUTE_ENDPOINT, method) as Endpoint | undefined;
}
