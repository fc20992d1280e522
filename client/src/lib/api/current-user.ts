// GET /users/me (spec 000 §7). Shared by the contestant header and the dashboard.
import type { CurrentUser } from '@contract/api-types';
import { api } from './api';

const currentUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees
    // another's cached answer after a sign-out and sign-in in the same tab.
    getCurrentUser: build.query<CurrentUser, string>({
      query: () => '/users/me',
      providesTags: ['Me'],
    }),
  }),
});

export const { useGetCurrentUserQuery } = currentUserApi;
