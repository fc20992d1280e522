// GET /users/me/linked-accounts, POST …/{provider} (the provider's address to link at) and DELETE …/{provider}.
import type { AnswerOf } from '#contract/api/endpoint';
import type { OidcProvider } from '#contract/auth/constants';
import { oidcEndpoints } from '#contract/auth/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const { getLinkedAccounts, startLink, unlink } = oidcEndpoints;

const linkedAccountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The argument is the signed-in username: it only keys the cache, so one account never sees another's.
    getLinkedAccounts: build.query<AnswerOf<typeof getLinkedAccounts>, string>({
      query: () => request(getLinkedAccounts),
      providesTags: ['LinkedAccounts'],
    }),
    startLink: build.mutation<AnswerOf<typeof startLink>, { provider: OidcProvider; returnTo: string }>({
      query: ({ provider, returnTo }) => request(startLink, { path: { provider }, query: { return_to: returnTo } }),
    }),
    unlink: build.mutation<AnswerOf<typeof unlink>, OidcProvider>({
      query: (provider) => request(unlink, { path: { provider } }),
      invalidatesTags: ['LinkedAccounts'],
    }),
  }),
});

export const { useGetLinkedAccountsQuery, useStartLinkMutation, useUnlinkMutation } = linkedAccountsApi;
