// DELETE /users/{userId} → {message}: the account, its profile, entries and pictures.
import type { MessageResponse } from '#contract/common/answers';
import { api } from '@/lib/api/api';

const deleteUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteUser: build.mutation<MessageResponse, number>({
      query: (userId) => ({ url: `/users/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['Contestant', 'Group', 'GroupContestants'],
    }),
  }),
});

export const { useDeleteUserMutation } = deleteUserApi;
