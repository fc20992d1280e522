import type { RouteHandle } from '../route-module';

export { AdminVoteReviewPage as Component } from '@/features/admin/pages/admin-vote-review-page';

export const handle: RouteHandle = { title: 'Vote Review' };
