import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { AdminVotePackagesPage as Component } from '@/features/payments/pages/admin-vote-packages-page';

export const handle: RouteHandle = { title: msg`Vote Packages`, staff: ADMIN_PAGE_STAFF.votePackages };
