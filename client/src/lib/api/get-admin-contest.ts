// GET /admin/contests/{id} → Contest; 404 {detail: 'Contest not found'}.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from './api';
import { request } from './request';

const contest = contestsEndpoints.adminContest;

const adminContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminContest: build.query<AnswerOf<typeof contest>, number>({
      query: (id) => request(contest, { path: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'Contest', id }],
    }),
  }),
});

export const { useGetAdminContestQuery } = adminContestApi;
