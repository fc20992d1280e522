import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminTwoFactorPage as Component } from '@/features/two-factor/pages/admin-two-factor-page';

export const handle: RouteHandle = { title: 'Two-Factor Sign-In', staff: ADMIN_PAGE_STAFF.twoFactor };
