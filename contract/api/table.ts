// The endpoint table: every call of the API, by domain. The server mounts each route from its entry
// (`@Route`) and a unit check holds every controller to it; the client builds every request from it.
import { jobsEndpoints } from '../jobs/endpoints.js';
import { profilesEndpoints } from '../profiles/endpoints.js';
import { siteEndpoints } from '../site/endpoints.js';
import type { EndpointTable } from './endpoint.js';

export const ENDPOINT_TABLE = {
  jobs: jobsEndpoints,
  profiles: profilesEndpoints,
  site: siteEndpoints,
} as const satisfies Record<string, EndpointTable>;
