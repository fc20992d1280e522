// The admin audit log's calls: a page of entries, and the check of their digest chain.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { AuditChain, AuditLogPage } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('audit/requests');

export const auditEndpoints = {
  getAuditLog: { method: 'GET', path: '/admin/audit-log', staff: 'audit', query: request('auditLogQuerySchema'), answer: answer<AuditLogPage>() },
  getAuditChain: { method: 'GET', path: '/admin/audit-log/chain', staff: 'audit', answer: answer<AuditChain>() },
} as const satisfies EndpointTable;
