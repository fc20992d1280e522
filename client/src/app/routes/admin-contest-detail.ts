import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { ContestDetailPage as Component } from '@/features/contests/pages/contest-detail-page';

export const handle: RouteHandle = { title: msg`Contest Details`, staff: ADMIN_PAGE_STAFF.contest };
