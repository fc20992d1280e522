// GET /contestants?q=&skip=&limit= → AdminContestantItem[] with x-total-count.
import type { AnswerOf } from '#contract/api/endpoint';
import type { AdminContestantItem } from '#contract/contests/answers';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { toPaged, type PageArgs, type Paged } from '@/lib/api/paged';
import { request } from '@/lib/api/request';

const contestants = contestsEndpoints.contestants;

export interface ContestantsArgs extends PageArgs {
  q: string;
}

const contestantsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContestants: build.query<Paged<AdminContestantItem>, ContestantsArgs>({
      query: ({ q, skip, limit }) => request(contestants, { query: { q: q || undefined, skip, limit } }),
      transformResponse: (items: AnswerOf<typeof contestants>, meta, { skip, limit }) => toPaged(items, meta, { skip, limit }),
      providesTags: [{ type: 'Contestant', id: 'LIST' }],
    }),
  }),
});

export const { useGetContestantsQuery } = contestantsApi;
