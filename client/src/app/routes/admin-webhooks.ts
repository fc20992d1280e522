import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminWebhooksPage as Component } from '@/features/webhooks/pages/admin-webhooks-page';

export const handle: RouteHandle = { title: msg`Webhooks`, staff: ADMIN_PAGE_STAFF.webhooks };
