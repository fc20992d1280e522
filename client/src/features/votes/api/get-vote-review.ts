// GET /admin/vote-review?contest_id= → the entries the scoring flagged in the past day (the current
// contest without contest_id), with reasons, busiest network blocks and past voids.
import type { VoteReviewList } from '#contract/votes/answers';
import { api } from '@/lib/api/api';

const voteReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVoteReview: build.query<VoteReviewList, { contestId?: number }>({
      query: ({ contestId }) => ({ url: '/admin/vote-review', params: { contest_id: contestId } }),
      providesTags: ['VoteReview'],
      // Flags change every scoring interval: never show an old list for long.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetVoteReviewQuery } = voteReviewApi;
