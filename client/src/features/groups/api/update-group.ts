// PUT /admin/groups/{id} {is_active} → ContestGroup.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const update = contestsEndpoints.updateGroup;

const updateGroupApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateGroup: build.mutation<AnswerOf<typeof update>, { id: number; is_active: boolean }>({
      query: ({ id, is_active }) => request(update, { path: { id }, body: { is_active } }),
      invalidatesTags: (_result, _error, { id }) => ['Group', { type: 'GroupContestants', id }],
    }),
  }),
});

export const { useUpdateGroupMutation } = updateGroupApi;
