import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminPaymentsPage as Component } from '@/features/payments/pages/admin-payments-page';

export const handle: RouteHandle = { title: msg`Payments`, staff: ADMIN_PAGE_STAFF.payments };
