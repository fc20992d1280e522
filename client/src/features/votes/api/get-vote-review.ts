// GET /admin/vote-review?contest_id= → the entries the scoring flagged in the past day (the current
// contest without contest_id), with reasons, busiest network blocks and past voids.
import type { AnswerOf } from '#contract/api/endpoint';
import { votesEndpoints } from '#contract/votes/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const review = votesEndpoints.getVoteReview;

const voteReviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVoteReview: build.query<AnswerOf<typeof review>, { contestId?: number }>({
      query: ({ contestId }) => request(review, { query: { contest_id: contestId } }),
      providesTags: ['VoteReview'],
      // Flags change every scoring interval: never show an old list for long.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetVoteReviewQuery } = voteReviewApi;
