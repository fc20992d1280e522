// /embed/groups/:groupId/leaderboard: a group's live leaderboard for organizers' sites (framed; decision 058).
import { msg } from '@lingui/core/macro';
import { EMBED_QUERY } from '#contract/embeds/constants';
import { getGroupLeaderboard } from '@/lib/leaderboard/get-group-leaderboard';
import { idParam } from '@/lib/route-params';
import type { PageLoader, RouteHandle } from '../route-module';

export { EmbedLeaderboardPage as Component } from '@/features/leaderboard/pages/embed-leaderboard-page';

export const handle: RouteHandle = { title: msg`Leaderboard`, draw: true, query: EMBED_QUERY };

export const loader: PageLoader = async ({ params }, store) => {
  const groupId = idParam(params.groupId);
  if (groupId !== null) await store.dispatch(getGroupLeaderboard.initiate(groupId));
};
