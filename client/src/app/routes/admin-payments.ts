import type { RouteHandle } from '../route-module';

export { AdminPaymentsPage as Component } from '@/features/admin/pages/admin-payments-page';

export const handle: RouteHandle = { title: 'Payments' };
