import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AllContestantsPage as Component } from '@/features/contestants/pages/all-contestants-page';

export const handle: RouteHandle = { title: msg`Contestant Management`, staff: ADMIN_PAGE_STAFF.allContestants };
