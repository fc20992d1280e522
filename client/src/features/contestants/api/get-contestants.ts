// GET /contestants?q=&skip=&limit= → AdminContestantItem[] with x-total-count.
import type { AdminContestantItem } from '#contract/contests/answers';
import { api } from '@/lib/api/api';
import { toPaged, type PageArgs, type Paged } from '@/lib/api/paged';

export interface ContestantsArgs extends PageArgs {
  q: string;
}

const contestantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContestants: build.query<Paged<AdminContestantItem>, ContestantsArgs>({
      query: ({ q, skip, limit }) => ({ url: '/contestants', params: { q: q || undefined, skip, limit } }),
      transformResponse: (items: AdminContestantItem[], meta, { skip, limit }) => toPaged(items, meta, { skip, limit }),
      providesTags: [{ type: 'Contestant', id: 'LIST' }],
    }),
  }),
});

export const { useGetContestantsQuery } = contestantsApi;
