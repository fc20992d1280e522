// DELETE /admin/contests/{id} → {message}: the contest and all its groups.
import type { MessageResponse } from '#contract/common/answers';
import { api } from '@/lib/api/api';

const deleteContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteContest: build.mutation<MessageResponse, number>({
      query: (id) => ({ url: `/admin/contests/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Contest', id: 'LIST' }, 'Group', 'GroupContestants', 'Contestant', 'ActiveContests'],
    }),
  }),
});

export const { useDeleteContestMutation } = deleteContestApi;
