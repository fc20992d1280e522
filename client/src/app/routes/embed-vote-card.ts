// /embed/vote/:username: a contestant's vote card for organizers' and contestants' sites (framed;
// decision 058). Named by the page ('Vote for {first name}').
import { EMBED_QUERY } from '#contract/embeds/constants';
import { getContestantProfile } from '@/features/profile/api/get-contestant-profile';
import type { PageLoader, RouteHandle } from '../route-module';

export { EmbedVoteCardPage as Component } from '@/features/profile/pages/embed-vote-card-page';

export const handle: RouteHandle = { draw: true, query: EMBED_QUERY };

export const loader: PageLoader = async ({ params }, store) => {
  if (params.username) await store.dispatch(getContestantProfile.initiate(params.username));
};
