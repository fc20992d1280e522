import type { RouteHandle } from '../route-module';

export { AdminContestsPage as Component } from '@/features/admin/pages/admin-contests-page';

export const handle: RouteHandle = { title: 'Contests' };
