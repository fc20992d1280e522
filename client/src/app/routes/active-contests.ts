import { msg } from '@lingui/core/macro';
import type { RouteHandle } from '../route-module';

export { ActiveContestsPage as Component } from '@/features/contests/pages/active-contests-page';

export const handle: RouteHandle = { title: msg`Active Contests` };
