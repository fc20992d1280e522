// GET /contests/completed (public): the latest contests that named their winners, for Past Winners.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const completed = contestsEndpoints.completedContests;

const completedContestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCompletedContests: build.query<AnswerOf<typeof completed>, void>({
      query: () => request(completed, {}, { withToken: false }),
    }),
  }),
});

export const {
  useGetCompletedContestsQuery,
  endpoints: { getCompletedContests },
} = completedContestsApi;
