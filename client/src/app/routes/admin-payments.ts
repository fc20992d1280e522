import type { RouteHandle } from '../route-module';

export { AdminPaymentsPage as Component } from '@/features/payments/pages/admin-payments-page';

export const handle: RouteHandle = { title: 'Payments' };
