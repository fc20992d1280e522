import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { NewGroupPage as Component } from '@/features/groups/pages/new-group-page';

export const handle: RouteHandle = { title: msg`New Group`, staff: ADMIN_PAGE_STAFF.newGroup };
