import type { RouteHandle } from '../route-module';

export { NewGroupPage as Component } from '@/features/admin/pages/new-group-page';

export const handle: RouteHandle = { title: 'New Group' };
