import type { RouteHandle } from '../route-module';

export { AdminStaffPage as Component } from '@/features/staff/pages/admin-staff-page';

export const handle: RouteHandle = { title: 'Staff' };
