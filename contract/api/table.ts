// The endpoint table: every call of the API, by domain. The server mounts each route from its entry
// (`@Route`) and a unit check holds every controller to it; the client builds every request from it.
import { auditEndpoints } from '../audit/endpoints.js';
import { authEndpoints } from '../auth/endpoints.js';
import { contestsEndpoints } from '../contests/endpoints.js';
import { jobsEndpoints } from '../jobs/endpoints.js';
import { mailEndpoints } from '../mail/endpoints.js';
import { paymentsEndpoints } from '../payments/endpoints.js';
import { supportEndpoints } from '../support/endpoints.js';
import { votesEndpoints } from '../votes/endpoints.js';
import type { EndpointTable } from './endpoint.js';

export const ENDPOINT_TABLE = {
  contests: contestsEndpoints,
  jobs: jobsEndpoints,
  auth: authEndpoints,
  mail: mailEndpoints,
  support: supportEndpoints,
  payments: paymentsEndpoints,
  votes: votesEndpoints,
  audit: auditEndpoints,
} as const satisfies Record<string, EndpointTable>;
