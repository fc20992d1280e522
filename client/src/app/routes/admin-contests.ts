import type { RouteHandle } from '../route-module';

export { AdminContestsPage as Component } from '@/features/contests/pages/admin-contests-page';

export const handle: RouteHandle = { title: 'Contests' };
