import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminContestsPage as Component } from '@/features/contests/pages/admin-contests-page';

export const handle: RouteHandle = { title: msg`Contests`, staff: ADMIN_PAGE_STAFF.contests };
