// The site's calls: the settings the pages read at start, the admin "Site" page's, and the health checks
// of probes and monitors.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { AdminSiteSettings, EmbedOrigins, Health, Liveness, Readiness, SiteConfig } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('site/requests');

export const siteEndpoints = {
  site: { method: 'GET', path: '/site', answer: answer<SiteConfig>() },
  adminSite: { method: 'GET', path: '/admin/site', staff: 'contests', answer: answer<AdminSiteSettings>() },
  saveSite: { method: 'PUT', path: '/admin/site', staff: 'contests', body: request('siteSettingsUpdateSchema'), answer: answer<AdminSiteSettings>() },
  /** One picture in the multipart field SITE_LOGO.field. */
  uploadLogo: { method: 'POST', path: '/admin/site/logo', staff: 'contests', multipart: request('siteLogoFieldsSchema'), answer: answer<AdminSiteSettings>() },
  removeLogo: { method: 'DELETE', path: '/admin/site/logo', staff: 'contests', answer: answer<AdminSiteSettings>() },
  embedOrigins: { method: 'GET', path: '/admin/site/embed-origins', staff: 'contests', answer: answer<EmbedOrigins>() },
  saveEmbedOrigins: {
    method: 'PUT',
    path: '/admin/site/embed-origins',
    staff: 'contests',
    body: request('embedOriginsUpdateSchema'),
    answer: answer<EmbedOrigins>(),
  },
  health: { method: 'GET', path: '/health', answer: answer<Health>() },
  liveness: { method: 'GET', path: '/health/live', answer: answer<Liveness>() },
  readiness: { method: 'GET', path: '/health/ready', answer: answer<Readiness>() },
} as const satisfies EndpointTable;
