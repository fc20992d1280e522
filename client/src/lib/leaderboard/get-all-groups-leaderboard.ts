// GET /groups/all-contestants → {'Group {n}': LeaderboardItem[]}, each group ranked by
// the server. A tally goes to the group it names; an unknown group or entry means refetch.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';
import { keepPushedEntries, listenWhileCached } from '@/lib/realtime/live-cache';
import { applyElimination, applyTally, keepNewer } from '@/lib/realtime/standings';
import { throttled } from './live-list';

const allGroups = contestsEndpoints.allGroupsLeaderboard;
const TAG = { type: 'Leaderboard' as const, id: 'ALL' };

const allGroupsLeaderboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAllGroupsLeaderboard: build.query<AnswerOf<typeof allGroups>, void>({
      query: () => request(allGroups),
      providesTags: [TAG],
      async onQueryStarted(_arg, lifecycle) {
        await keepPushedEntries(lifecycle, (pushed) =>
          lifecycle.updateCachedData((groups) => {
            for (const items of Object.values(groups)) keepNewer(items, pushed, { rank: 'server' });
          }),
        );
      },
      async onCacheEntryAdded(_arg, lifecycle) {
        const update = lifecycle.updateCachedData;
        const refetch = throttled(() => lifecycle.dispatch(api.util.invalidateTags([TAG])));
        await listenWhileCached(lifecycle, {
          tally: (event) => {
            let unknown = true;
            update((groups) => {
              const list = Object.values(groups).find((items) => items.some((i) => i.group_id === event.group_id));
              unknown = list ? applyTally(list, event, { rank: 'server' }) : event.entries.length > 0;
            });
            if (unknown) refetch();
          },
          eliminated: (event) =>
            update((groups) => {
              for (const items of Object.values(groups)) if (items.some((i) => i.group_id === event.group_id)) applyElimination(items, event.entry_id);
            }),
        });
      },
    }),
  }),
});

export const {
  useGetAllGroupsLeaderboardQuery,
  endpoints: { getAllGroupsLeaderboard },
} = allGroupsLeaderboardApi;
