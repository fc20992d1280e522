// /vote/:profileId: 'Vote for {first name}' (named by the page). type, amount and price choose the vote.
import { getProfileById } from '@/features/votes/api/get-profile-by-id';
import { idParam } from '@/lib/route-params';
import type { PageLoader, RouteHandle } from '../route-module';

export { VotePage as Component } from '@/features/votes/pages/vote-page';

export const handle: RouteHandle = { draw: true, query: ['type', 'amount', 'price'] };

export const loader: PageLoader = async ({ params }, store) => {
  const profileId = idParam(params.profileId);
  if (profileId !== null) await store.dispatch(getProfileById.initiate(profileId));
};
