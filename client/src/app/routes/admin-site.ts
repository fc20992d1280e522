import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminSitePage as Component } from '@/features/site-settings/pages/admin-site-page';

export const handle: RouteHandle = { title: msg`Site`, staff: ADMIN_PAGE_STAFF.site };
