import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminDashboardPage as Component } from '@/features/admin-dashboard/pages/admin-dashboard-page';

export const handle: RouteHandle = { title: msg`Admin Dashboard`, staff: ADMIN_PAGE_STAFF.dashboard };
