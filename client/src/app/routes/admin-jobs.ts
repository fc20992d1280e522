import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminJobsPage as Component } from '@/features/jobs/pages/admin-jobs-page';

export const handle: RouteHandle = { title: msg`Jobs`, staff: ADMIN_PAGE_STAFF.jobs };
