import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { ContestJoinSuccessPage as Component } from '@/features/contests/pages/contest-join-success-page';

export const handle: RouteHandle = { title: msg`You're In!` };
