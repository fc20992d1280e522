import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { CreateContestPage as Component } from '@/features/contests/pages/create-contest-page';

export const handle: RouteHandle = { title: msg`Create Contest`, staff: ADMIN_PAGE_STAFF.createContest };
