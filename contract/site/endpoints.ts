// The site's calls: the settings the pages read at start, and the health checks of probes and monitors.
import { answer, type EndpointTable } from '../api/endpoint.js';
import type { Health, Liveness, Readiness, SiteConfig } from './answers.js';

export const siteEndpoints = {
  site: { method: 'GET', path: '/site', answer: answer<SiteConfig>() },
  health: { method: 'GET', path: '/health', answer: answer<Health>() },
  liveness: { method: 'GET', path: '/health/live', answer: answer<Liveness>() },
  readiness: { method: 'GET', path: '/health/ready', answer: answer<Readiness>() },
} as const satisfies EndpointTable;
