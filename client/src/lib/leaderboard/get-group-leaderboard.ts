// GET /groups/{groupId}/leaderboard → the group's contestants by votes, rank from the server (ties
// share: 1, 1, 3). Tallies and eliminations pushed to the group's room update it in place.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';
import { keepPushedEntries, listenWhileCached } from '@/lib/realtime/live-cache';
import { applyElimination, applyTally, keepNewer } from '@/lib/realtime/standings';
import { throttled } from './live-list';

const leaderboard = contestsEndpoints.groupLeaderboard;

const groupLeaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroupLeaderboard: build.query<AnswerOf<typeof leaderboard>, number>({
      query: (groupId) => request(leaderboard, { path: { groupId } }),
      providesTags: (_result, _error, groupId) => [{ type: 'Leaderboard', id: groupId }],
      async onQueryStarted(_groupId, lifecycle) {
        await keepPushedEntries(lifecycle, (pushed) => lifecycle.updateCachedData((list) => keepNewer(list, pushed, { rank: 'server' })));
      },
      async onCacheEntryAdded(groupId, lifecycle) {
        const update = lifecycle.updateCachedData;
        const refetch = throttled(() => lifecycle.dispatch(api.util.invalidateTags([{ type: 'Leaderboard', id: groupId }])));
        await listenWhileCached(lifecycle, {
          tally: (event) => {
            if (event.group_id !== groupId) return;
            let unknown = false;
            update((list) => {
              unknown = applyTally(list, event, { rank: 'server' });
            });
            if (unknown) refetch();
          },
          eliminated: (event) => {
            if (event.group_id === groupId) update((list) => void applyElimination(list, event.entry_id));
          },
        });
      },
    }),
  }),
});

export const {
  useGetGroupLeaderboardQuery,
  endpoints: { getGroupLeaderboard },
} = groupLeaderboardApi;
