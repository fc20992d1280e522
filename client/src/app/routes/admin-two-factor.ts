import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminTwoFactorPage as Component } from '@/features/two-factor/pages/admin-two-factor-page';

export const handle: RouteHandle = { title: msg`Two-Factor Sign-In`, staff: ADMIN_PAGE_STAFF.twoFactor };
