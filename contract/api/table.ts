// The endpoint table: every call of the API, by domain. The server mounts each route from its entry
// (`@Route`) and a unit check holds every controller to it; the client builds every request from it.
import { accountEndpoints } from '../account/endpoints.js';
import { auditEndpoints } from '../audit/endpoints.js';
import { authEndpoints, oidcEndpoints } from '../auth/endpoints.js';
import { contestsEndpoints } from '../contests/endpoints.js';
import { jobsEndpoints } from '../jobs/endpoints.js';
import { mailEndpoints } from '../mail/endpoints.js';
import { paymentsEndpoints } from '../payments/endpoints.js';
import { profilesEndpoints } from '../profiles/endpoints.js';
import { questionsEndpoints } from '../questions/endpoints.js';
import { siteEndpoints } from '../site/endpoints.js';
import { staffEndpoints } from '../staff/endpoints.js';
import { supportEndpoints } from '../support/endpoints.js';
import { twoFactorEndpoints } from '../twofactor/endpoints.js';
import { votesEndpoints } from '../votes/endpoints.js';
import { webhooksEndpoints } from '../webhooks/endpoints.js';
import type { EndpointTable } from './endpoint.js';

export const ENDPOINT_TABLE = {
  auth: authEndpoints,
  oidc: oidcEndpoints,
  profiles: profilesEndpoints,
  questions: questionsEndpoints,
  contests: contestsEndpoints,
  votes: votesEndpoints,
  payments: paymentsEndpoints,
  support: supportEndpoints,
  mail: mailEndpoints,
  audit: auditEndpoints,
  jobs: jobsEndpoints,
  site: siteEndpoints,
  staff: staffEndpoints,
  twofactor: twoFactorEndpoints,
  account: accountEndpoints,
  webhooks: webhooksEndpoints,
} as const satisfies Record<string, EndpointTable>;
