// Named by the page (the competition's name); the sample competitions are part of the page's code.
import type { RouteHandle } from '../route-module';

export { CompetitionDetailPage as Component } from '@/features/competitions/pages/competition-detail-page';

export const handle: RouteHandle = { draw: true };
