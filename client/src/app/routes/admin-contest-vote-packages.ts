import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminContestVotePackagesPage as Component } from '@/features/payments/pages/admin-contest-vote-packages-page';

export const handle: RouteHandle = { title: msg`Contest Vote Packages`, staff: ADMIN_PAGE_STAFF.contestVotePackages };
