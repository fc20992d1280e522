// GET /admin/groups/{groupId}/votes-over-time?bucket=hour|day → each contestant of the group (most
// votes first, at most 50) over the same buckets, for the admin's side-by-side chart. Not live: the
// table of the page is, and the chart is read anew each time the page is opened or the bucket changes.
import type { GroupVotesOverTime } from '#contract/votes/answers';
import type { VoteHistoryBucket } from '#contract/votes/constants';
import { api } from '@/lib/api/api';

const groupVotesOverTimeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroupVotesOverTime: build.query<GroupVotesOverTime, { groupId: number; bucket: VoteHistoryBucket }>({
      query: ({ groupId, bucket }) => `/admin/groups/${groupId}/votes-over-time?bucket=${bucket}`,
      providesTags: (_result, _error, { groupId }) => [{ type: 'VoteHistory', id: `group:${groupId}` }],
    }),
  }),
});

export const { useGetGroupVotesOverTimeQuery } = groupVotesOverTimeApi;
