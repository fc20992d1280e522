import type { RouteHandle } from '../route-module';

export { AllContestantsPage as Component } from '@/features/contestants/pages/all-contestants-page';

export const handle: RouteHandle = { title: 'Contestant Management' };
