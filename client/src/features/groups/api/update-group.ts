// PUT /admin/groups/{id} {is_active} → ContestGroup.
import type { ContestGroup } from '#contract/contests/answers';
import { api } from '@/lib/api/api';

const updateGroupApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateGroup: build.mutation<ContestGroup, { id: number; is_active: boolean }>({
      query: ({ id, is_active }) => ({ url: `/admin/groups/${id}`, method: 'PUT', body: { is_active } }),
      invalidatesTags: (_result, _error, { id }) => ['Group', { type: 'GroupContestants', id }],
    }),
  }),
});

export const { useUpdateGroupMutation } = updateGroupApi;
