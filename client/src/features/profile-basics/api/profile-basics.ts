// GET and PUT /contestants/profile/basics → {category, the first four answers' own fields, answers, the
// categories offered}. Saving refreshes what shows them: the caller's public profile (its About section) and /users/me.
import type { AnswerOf } from '#contract/api/endpoint';
import { profilesEndpoints } from '#contract/profiles/endpoints';
import type { ProfileBasicsInput } from '#contract/profiles/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const get = profilesEndpoints.profileBasics;
const update = profilesEndpoints.updateProfileBasics;

export interface UpdateProfileBasicsRequest {
  /** The signed-in username: keys the cached answer and names the public profile to refresh. */
  username: string;
  basics: ProfileBasicsInput;
}

const profileBasicsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees
    // another's answers after a sign-out and sign-in in the same tab.
    getProfileBasics: build.query<AnswerOf<typeof get>, string>({
      query: () => request(get),
    }),
    updateProfileBasics: build.mutation<AnswerOf<typeof update>, UpdateProfileBasicsRequest>({
      query: ({ basics }) => request(update, { body: basics }),
      invalidatesTags: (_result, error, { username }) => (error ? [] : [{ type: 'Contestant', id: username.toLowerCase() }, 'Me']),
      // The form's own cached answer becomes what the server stored, without another request.
      async onQueryStarted({ username }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(profileBasicsApi.util.upsertQueryData('getProfileBasics', username, data));
      },
    }),
  }),
});

export const { useGetProfileBasicsQuery, useUpdateProfileBasicsMutation } = profileBasicsApi;
