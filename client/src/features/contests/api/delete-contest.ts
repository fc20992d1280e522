// DELETE /admin/contests/{id} → {message}: the contest and all its groups.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const remove = contestsEndpoints.deleteContest;

const deleteContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteContest: build.mutation<AnswerOf<typeof remove>, number>({
      query: (id) => request(remove, { path: { id } }),
      invalidatesTags: [{ type: 'Contest', id: 'LIST' }, 'Group', 'GroupContestants', 'Contestant', 'ActiveContests'],
    }),
  }),
});

export const { useDeleteContestMutation } = deleteContestApi;
