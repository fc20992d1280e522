// GET /contests/completed (public): the latest contests that named their winners, for Past Winners.
import type { CompletedContest } from '#contract/contests/answers';
import { api } from '@/lib/api/api';

const completedContestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCompletedContests: build.query<CompletedContest[], void>({
      query: () => ({ url: '/contests/completed', withToken: false }),
    }),
  }),
});

export const {
  useGetCompletedContestsQuery,
  endpoints: { getCompletedContests },
} = completedContestsApi;
