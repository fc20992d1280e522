import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminStaffPage as Component } from '@/features/staff/pages/admin-staff-page';

export const handle: RouteHandle = { title: msg`Staff`, staff: ADMIN_PAGE_STAFF.staff };
