import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { ContestGroupsPage as Component } from '@/features/groups/pages/contest-groups-page';

export const handle: RouteHandle = { title: msg`Groups`, staff: ADMIN_PAGE_STAFF.contestGroups };
