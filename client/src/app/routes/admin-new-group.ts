import type { RouteHandle } from '../route-module';

export { NewGroupPage as Component } from '@/features/groups/pages/new-group-page';

export const handle: RouteHandle = { title: 'New Group' };
