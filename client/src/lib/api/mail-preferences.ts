// GET and PUT /users/mail-preferences → which contestant e-mails the signed-in user gets; and the
// unsubscribe link's calls (GET, POST /mail/unsubscribe, POST /mail/resubscribe), made without signing in.
import type { MailPreferences } from '#contract/mail/constants';
import type { UnsubscribeAnswer } from '#contract/mail/answers';
import { api } from './api';

const mailPreferencesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees another's choices.
    getMailPreferences: build.query<MailPreferences, string>({
      query: () => '/users/mail-preferences',
      providesTags: ['MailPreferences'],
    }),
    updateMailPreferences: build.mutation<MailPreferences, { username: string; change: Partial<MailPreferences> }>({
      query: ({ change }) => ({ url: '/users/mail-preferences', method: 'PUT', body: change }),
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
    setSubscription: build.mutation<UnsubscribeAnswer, { token: string; subscribed: boolean }>({
      query: ({ token, subscribed }) => ({ url: subscribed ? '/mail/resubscribe' : '/mail/unsubscribe', method: 'POST', params: { token }, withToken: false }),
      invalidatesTags: ['MailPreferences'],
    }),
  }),
});

export const { useGetMailPreferencesQuery, useUpdateMailPreferencesMutation, useSetSubscriptionMutation } = mailPreferencesApi;
