// GET /admin/contests/{id}/groups → ContestGroup[] with x-total-count.
import type { ContestGroup } from '#contract/contests/answers';
import { api } from './api';
import { toPaged, type PageArgs, type Paged } from './paged';

export interface ContestGroupsArgs extends PageArgs {
  contestId: number;
}

const contestGroupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContestGroups: build.query<Paged<ContestGroup>, ContestGroupsArgs>({
      query: ({ contestId, skip, limit }) => ({ url: `/admin/contests/${contestId}/groups`, params: { skip, limit } }),
      transformResponse: (items: ContestGroup[], meta, { skip, limit }) => toPaged(items, meta, { skip, limit }),
      providesTags: (_result, _error, { contestId }) => [{ type: 'Group', id: `contest-${contestId}` }],
    }),
  }),
});

export const { useGetContestGroupsQuery } = contestGroupsApi;
