// GET /admin/all-contests?skip=&limit= → Contest[] with x-total-count.
import type { AnswerOf } from '#contract/api/endpoint';
import type { Contest } from '#contract/contests/answers';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from './api';
import { toPaged, type PageArgs, type Paged } from './paged';
import { request } from './request';

const contests = contestsEndpoints.adminContests;

const adminContestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminContests: build.query<Paged<Contest>, PageArgs>({
      query: ({ skip, limit }) => request(contests, { query: { skip, limit } }),
      transformResponse: (items: AnswerOf<typeof contests>, meta, arg) => toPaged(items, meta, arg),
      providesTags: (result) => [{ type: 'Contest', id: 'LIST' }, ...(result?.items ?? []).map((c) => ({ type: 'Contest' as const, id: c.id }))],
    }),
  }),
});

export const { useGetAdminContestsQuery } = adminContestsApi;
