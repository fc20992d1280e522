// GET /admin/contests/{id}/groups → ContestGroup[] with x-total-count.
import type { AnswerOf } from '#contract/api/endpoint';
import type { ContestGroup } from '#contract/contests/answers';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from './api';
import { toPaged, type PageArgs, type Paged } from './paged';
import { request } from './request';

const groups = contestsEndpoints.contestGroups;

export interface ContestGroupsArgs extends PageArgs {
  contestId: number;
}

const contestGroupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContestGroups: build.query<Paged<ContestGroup>, ContestGroupsArgs>({
      query: ({ contestId, skip, limit }) => request(groups, { path: { id: contestId }, query: { skip, limit } }),
      transformResponse: (items: AnswerOf<typeof groups>, meta, { skip, limit }) => toPaged(items, meta, { skip, limit }),
      providesTags: (_result, _error, { contestId }) => [{ type: 'Group', id: `contest-${contestId}` }],
    }),
  }),
});

export const { useGetContestGroupsQuery } = contestGroupsApi;
