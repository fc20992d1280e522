import type { RouteHandle } from '../route-module';

export { CreateContestPage as Component } from '@/features/contests/pages/create-contest-page';

export const handle: RouteHandle = { title: 'Create Contest' };
