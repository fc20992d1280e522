import type { RouteHandle } from '../route-module';

export { AdminAuditPage as Component } from '@/features/audit/pages/admin-audit-page';

export const handle: RouteHandle = { title: 'Audit Log' };
