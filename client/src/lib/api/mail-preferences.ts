// GET and PUT /users/mail-preferences → which contestant e-mails the signed-in user gets; and the
// unsubscribe link's calls (POST /mail/unsubscribe, POST /mail/resubscribe), made without signing in.
import type { AnswerOf } from '#contract/api/endpoint';
import type { MailPreferences } from '#contract/mail/constants';
import { mailEndpoints } from '#contract/mail/endpoints';
import { api } from './api';
import { request } from './request';

const { getMailPreferences, updateMailPreferences, unsubscribe, resubscribe } = mailEndpoints;

const mailPreferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees another's choices.
    getMailPreferences: build.query<AnswerOf<typeof getMailPreferences>, string>({
      query: () => request(getMailPreferences),
      providesTags: ['MailPreferences'],
    }),
    updateMailPreferences: build.mutation<AnswerOf<typeof updateMailPreferences>, { username: string; change: Partial<MailPreferences> }>({
      query: ({ change }) => request(updateMailPreferences, { body: change }),
      // The answer is every kind as saved: the switches show it at once.
      async onQueryStarted({ username }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(mailPreferencesApi.util.upsertQueryData('getMailPreferences', username, data));
        } catch {
          // A failed save changes nothing: the caller says so.
        }
      },
    }),
    // The link's own calls: the token is the key, with or without a signed-in user.
    setSubscription: build.mutation<AnswerOf<typeof unsubscribe>, { token: string; subscribed: boolean }>({
      query: ({ token, subscribed }) => request(subscribed ? resubscribe : unsubscribe, { query: { token } }, { withToken: false }),
      invalidatesTags: ['MailPreferences'],
    }),
  }),
});

export const { useGetMailPreferencesQuery, useUpdateMailPreferencesMutation, useSetSubscriptionMutation } = mailPreferencesApi;
