// The endpoint table: every call of the API, by domain. The server mounts each route from its entry
// (`@Route`) and a unit check holds every controller to it; the client builds every request from it.
import { contestsEndpoints } from '../contests/endpoints.js';
import { jobsEndpoints } from '../jobs/endpoints.js';
import type { EndpointTable } from './endpoint.js';

export const ENDPOINT_TABLE = {
  contests: contestsEndpoints,
  jobs: jobsEndpoints,
} as const satisfies Record<string, EndpointTable>;
