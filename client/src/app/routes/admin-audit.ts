import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminAuditPage as Component } from '@/features/audit/pages/admin-audit-page';

export const handle: RouteHandle = { title: msg`Audit Log`, staff: ADMIN_PAGE_STAFF.audit };
