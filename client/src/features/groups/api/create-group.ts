// POST /admin/contests/{id}/groups → 201 ContestGroup: the contest's next group.
import type { ContestGroup } from '#contract/contests/answers';
import { api } from '@/lib/api/api';

const createGroupApi = api.injectEndpoints({
  endpoints: (build) => ({
    createGroup: build.mutation<ContestGroup, number>({
      query: (contestId) => ({ url: `/admin/contests/${contestId}/groups`, method: 'POST' }),
      invalidatesTags: (_result, _error, contestId) => [
        { type: 'Group', id: `contest-${contestId}` },
        { type: 'Contest', id: contestId },
        { type: 'Contest', id: 'LIST' },
      ],
    }),
  }),
});

export const { useCreateGroupMutation } = createGroupApi;
