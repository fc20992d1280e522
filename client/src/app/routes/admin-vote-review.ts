import { msg } from '@lingui/core/macro';
import { ADMIN_PAGE_STAFF } from '@/lib/auth/admin-pages';
import type { RouteHandle } from '../route-module';

export { VoteReviewPage as Component } from '@/features/votes/pages/vote-review-page';

export const handle: RouteHandle = { title: msg`Vote Review`, staff: ADMIN_PAGE_STAFF.voteReview };
