// PUT /admin/contests/{id} with any subset of the fields: the edit form and the flag toggles.
import type { Contest } from '#contract/contests/answers';
import { api } from '@/lib/api/api';
import type { ContestPayload } from './create-contest';

export interface UpdateContestRequest {
  id: number;
  patch: Partial<ContestPayload>;
}

const updateContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateContest: build.mutation<Contest, UpdateContestRequest>({
      query: ({ id, patch }) => ({ url: `/admin/contests/${id}`, method: 'PUT', body: patch }),
      // Making one contest current unsets another, so the whole list is stale.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Contest', id }, { type: 'Contest', id: 'LIST' }, 'Group', 'ActiveContests'],
    }),
  }),
});

export const { useUpdateContestMutation } = updateContestApi;
