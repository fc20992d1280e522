import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { ContestDetailPage as Component } from '@/features/contests/pages/contest-detail-page';

export const handle: RouteHandle = { title: 'Contest Details', staff: ADMIN_PAGE_STAFF.contest };
