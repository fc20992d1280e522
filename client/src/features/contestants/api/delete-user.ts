// DELETE /users/{userId} → {message}: the account, its profile, entries and pictures.
import type { AnswerOf } from '#contract/api/endpoint';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const remove = profilesEndpoints.deleteUser;

const deleteUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteUser: build.mutation<AnswerOf<typeof remove>, number>({
      query: (userId) => request(remove, { path: { userId } }),
      invalidatesTags: ['Contestant', 'Group', 'GroupContestants'],
    }),
  }),
});

export const { useDeleteUserMutation } = deleteUserApi;
