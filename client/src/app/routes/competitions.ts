// /competitions: the running contest and the sample competitions.
import { getOpenContests } from '@/features/competitions/api/get-open-contests';
import type { PageLoader, RouteHandle } from '../route-module';

export { CompetitionsPage as Component } from '@/features/competitions/pages/competitions-page';

export const handle: RouteHandle = { title: 'Competitions', draw: true };

export const loader: PageLoader = async (_args, store) => {
  await store.dispatch(getOpenContests.initiate());
};
