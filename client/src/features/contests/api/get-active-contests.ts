// GET /contests/all-contests: the contests a contestant can join.
import type { Contest } from '#contract/contests/answers';
import { api } from '@/lib/api/api';

const activeContestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActiveContests: build.query<Contest[], void>({
      query: () => '/contests/all-contests',
      providesTags: ['ActiveContests'],
    }),
  }),
});

export const { useGetActiveContestsQuery } = activeContestsApi;
