// GET /admin/all-contests?skip=&limit= → Contest[] with x-total-count.
import type { Contest } from '#contract/contests/answers';
import { api } from './api';
import { toPaged, type PageArgs, type Paged } from './paged';

const adminContestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminContests: build.query<Paged<Contest>, PageArgs>({
      query: (params) => ({ url: '/admin/all-contests', params: { ...params } }),
      transformResponse: (items: Contest[], meta, arg) => toPaged(items, meta, arg),
      providesTags: (result) => [{ type: 'Contest', id: 'LIST' }, ...(result?.items ?? []).map((c) => ({ type: 'Contest' as const, id: c.id }))],
    }),
  }),
});

export const { useGetAdminContestsQuery } = adminContestsApi;
