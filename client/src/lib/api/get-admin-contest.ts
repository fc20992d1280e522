// GET /admin/contests/{id} → Contest; 404 {detail: 'Contest not found'}.
import type { Contest } from '#contract/contests/answers';
import { api } from './api';

const adminContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminContest: build.query<Contest, number>({
      query: (id) => `/admin/contests/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Contest', id }],
    }),
  }),
});

export const { useGetAdminContestQuery } = adminContestApi;
