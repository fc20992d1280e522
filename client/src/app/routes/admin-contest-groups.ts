import type { RouteHandle } from '../route-module';

export { ContestGroupsPage as Component } from '@/features/admin/pages/contest-groups-page';

export const handle: RouteHandle = { title: 'Groups' };
