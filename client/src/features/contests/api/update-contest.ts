// PUT /admin/contests/{id} with any subset of the fields: the edit form and the flag toggles.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';
import type { ContestPayload } from './create-contest';

const update = contestsEndpoints.updateContest;

export interface UpdateContestRequest {
  id: number;
  patch: Partial<ContestPayload>;
}

const updateContestApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateContest: build.mutation<AnswerOf<typeof update>, UpdateContestRequest>({
      query: ({ id, patch }) => request(update, { path: { id }, body: patch }),
      // Making one contest current unsets another, so the whole list is stale.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Contest', id }, { type: 'Contest', id: 'LIST' }, 'Group', 'ActiveContests'],
    }),
  }),
});

export const { useUpdateContestMutation } = updateContestApi;
