import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminMessagesPage as Component } from '@/features/support/pages/admin-messages-page';

export const handle: RouteHandle = { title: msg`Support Messages`, staff: ADMIN_PAGE_STAFF.messages };
