import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { GroupContestantsPage as Component } from '@/features/contestants/pages/group-contestants-page';

export const handle: RouteHandle = { title: msg`Group Contestants`, staff: ADMIN_PAGE_STAFF.groupContestants };
