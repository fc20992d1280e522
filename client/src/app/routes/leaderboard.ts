// /leaderboard (every group) and /leaderboard/group/:groupId (one group), paged by ?page.
import { msg } from '@lingui/core/macro';
import { getAllGroupsLeaderboard } from '@/lib/leaderboard/get-all-groups-leaderboard';
import { getGroupLeaderboard } from '@/lib/leaderboard/get-group-leaderboard';
import { getCountdown } from '@/lib/api/countdown';
import { idParam } from '@/lib/route-params';
import type { PageLoader, RouteHandle } from '../route-module';

export { LeaderboardPage as Component } from '@/features/leaderboard/pages/leaderboard-page';

export const handle: RouteHandle = { title: msg`Leaderboard`, draw: true, query: ['page'] };

// The group view lists the other groups too (its group picker): both boards, and the current contest's
// rounds (the running round and its cut line).
export const loader: PageLoader = async ({ params }, store) => {
  const groupId = idParam(params.groupId);
  await Promise.all([
    store.dispatch(getAllGroupsLeaderboard.initiate()),
    groupId === null ? null : store.dispatch(getGroupLeaderboard.initiate(groupId)),
    store.dispatch(getCountdown.initiate()),
  ]);
};
