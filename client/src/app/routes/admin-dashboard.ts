import type { RouteHandle } from '../route-module';

export { AdminDashboardPage as Component } from '@/features/admin-dashboard/pages/admin-dashboard-page';

export const handle: RouteHandle = { title: 'Admin Dashboard' };
