import type { RouteHandle } from '../route-module';

export { AdminDashboardPage as Component } from '@/features/admin/pages/admin-dashboard-page';

export const handle: RouteHandle = { title: 'Admin Dashboard' };
