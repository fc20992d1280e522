// GET /contests/all-contests: the contests a contestant can join.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const open = contestsEndpoints.openContests;

const activeContestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getActiveContests: build.query<AnswerOf<typeof open>, void>({
      query: () => request(open),
      providesTags: ['ActiveContests'],
    }),
  }),
});

export const { useGetActiveContestsQuery } = activeContestsApi;
