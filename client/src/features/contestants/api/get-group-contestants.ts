// GET /groups/{groupId}/contestants → the group with its entries, sorted, rank = position (docs/product.md#ranking).
// Live for the admin watching eliminations: the group's tallies and eliminations update the list in
// place (the rank stays the sorted position, without ties).
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';
import { listenWhileCached } from '@/lib/realtime/live-cache';
import { applyElimination, applyTally } from '@/lib/realtime/standings';

const contestants = contestsEndpoints.groupContestants;

const groupContestantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroupContestants: build.query<AnswerOf<typeof contestants>, number>({
      query: (groupId) => request(contestants, { path: { groupId } }),
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
