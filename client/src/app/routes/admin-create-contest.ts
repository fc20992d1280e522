import type { RouteHandle } from '../route-module';

export { CreateContestPage as Component } from '@/features/admin/pages/create-contest-page';

export const handle: RouteHandle = { title: 'Create Contest' };
