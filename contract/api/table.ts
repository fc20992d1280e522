// The endpoint table: every call of the API, by domain. The server mounts each route from its entry
// (`@Route`) and a unit check holds every controller to it; the client builds every request from it.
import { auditEndpoints } from '../audit/endpoints.js';
import { jobsEndpoints } from '../jobs/endpoints.js';
import { votesEndpoints } from '../votes/endpoints.js';
import type { EndpointTable } from './endpoint.js';

export const ENDPOINT_TABLE = {
  jobs: jobsEndpoints,
  votes: votesEndpoints,
  audit: auditEndpoints,
} as const satisfies Record<string, EndpointTable>;
