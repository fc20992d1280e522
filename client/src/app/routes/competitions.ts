// /competitions: the running contest, the contests that named their winners, and the sample competitions.
import { msg } from '@lingui/core/macro';
import { getCompletedContests } from '@/features/competitions/api/get-completed-contests';
import { getOpenContests } from '@/features/competitions/api/get-open-contests';
import type { PageLoader, RouteHandle } from '../route-module';

export { CompetitionsPage as Component } from '@/features/competitions/pages/competitions-page';

export const handle: RouteHandle = { title: msg`Competitions`, draw: true };

export const loader: PageLoader = async (_args, store) => {
  await Promise.all([store.dispatch(getOpenContests.initiate()), store.dispatch(getCompletedContests.initiate())]);
};
