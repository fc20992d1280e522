// GET /groups/{groupId}/contestants → the group with its entries, sorted, rank = position (docs/product.md#ranking).
// Live for the admin watching eliminations: the group's tallies and eliminations update the list in
// place (the rank stays the sorted position, without ties).
import type { GroupContestants } from '#contract/contests/answers';
import { api } from '@/lib/api/api';
import { listenWhileCached } from '@/lib/realtime/live-cache';
import { applyElimination, applyTally } from '@/lib/realtime/standings';

const groupContestantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroupContestants: build.query<GroupContestants, number>({
      query: (groupId) => `/groups/${groupId}/contestants`,
      providesTags: (_result, _error, groupId) => [{ type: 'GroupContestants', id: groupId }],
      async onCacheEntryAdded(groupId, lifecycle) {
        const { updateCachedData: update, dispatch } = lifecycle;
        let lastRefetch = 0;
        await listenWhileCached(lifecycle, {
          tally: (event) => {
            if (event.group_id !== groupId) return;
            let unknown = false;
            update((group) => {
              unknown = applyTally(group.contestant_entries, event, { rank: 'position' });
            });
            // Someone joined: the count and capacity change too, so fetch the group (at most every 5 s).
            if (unknown && Date.now() - lastRefetch > 5000) {
              lastRefetch = Date.now();
              dispatch(api.util.invalidateTags([{ type: 'GroupContestants', id: groupId }]));
            }
          },
          eliminated: (event) => {
            if (event.group_id === groupId) update((group) => void applyElimination(group.contestant_entries, event.entry_id));
          },
        });
      },
    }),
  }),
});

export const { useGetGroupContestantsQuery } = groupContestantsApi;
