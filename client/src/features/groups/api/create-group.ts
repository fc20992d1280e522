// POST /admin/contests/{id}/groups → 201 ContestGroup: the contest's next group.
import type { AnswerOf } from '#contract/api/endpoint';
import { contestsEndpoints } from '#contract/contests/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const create = contestsEndpoints.createGroup;

const createGroupApi = api.injectEndpoints({
  endpoints: (build) => ({
    createGroup: build.mutation<AnswerOf<typeof create>, number>({
      query: (contestId) => request(create, { path: { id: contestId } }),
      invalidatesTags: (_result, _error, contestId) => [
        { type: 'Group', id: `contest-${contestId}` },
        { type: 'Contest', id: contestId },
        { type: 'Contest', id: 'LIST' },
      ],
    }),
  }),
});

export const { useCreateGroupMutation } = createGroupApi;
