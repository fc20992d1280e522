import type { RouteHandle } from '../route-module';

export { EditContestPage as Component } from '@/features/contests/pages/edit-contest-page';

export const handle: RouteHandle = { title: 'Edit Contest' };
