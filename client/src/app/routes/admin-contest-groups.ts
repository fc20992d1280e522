import type { RouteHandle } from '../route-module';

export { ContestGroupsPage as Component } from '@/features/groups/pages/contest-groups-page';

export const handle: RouteHandle = { title: 'Groups' };
