// GET /admin/groups/{groupId}/votes-over-time?bucket=hour|day → each contestant of the group (most
// votes first, at most 50) over the same buckets, for the admin's side-by-side chart. Not live: the
// table of the page is, and the chart is read anew each time the page is opened or the bucket changes.
import type { AnswerOf } from '#contract/api/endpoint';
import type { VoteHistoryBucket } from '#contract/votes/constants';
import { votesEndpoints } from '#contract/votes/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const groupOverTime = votesEndpoints.getGroupVotesOverTime;

const groupVotesOverTimeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGroupVotesOverTime: build.query<AnswerOf<typeof groupOverTime>, { groupId: number; bucket: VoteHistoryBucket }>({
      query: ({ groupId, bucket }) => request(groupOverTime, { path: { groupId }, query: { bucket } }),
      providesTags: (_result, _error, { groupId }) => [{ type: 'VoteHistory', id: `group:${groupId}` }],
    }),
  }),
});

export const { useGetGroupVotesOverTimeQuery } = groupVotesOverTimeApi;
