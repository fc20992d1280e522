import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { EditContestPage as Component } from '@/features/contests/pages/edit-contest-page';

export const handle: RouteHandle = { title: msg`Edit Contest`, staff: ADMIN_PAGE_STAFF.editContest };
