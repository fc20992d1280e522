// POST /auth/oidc/complete: the one-time code a provider's sign-in handed to the sign-in page, for the token.
import type { AnswerOf } from '#contract/api/endpoint';
import { oidcEndpoints } from '#contract/auth/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const complete = oidcEndpoints.oidcComplete;

const oidcCompleteApi = api.injectEndpoints({
  endpoints: (build) => ({
    oidcComplete: build.mutation<AnswerOf<typeof complete>, { code: string }>({
      query: ({ code }) => request(complete, { body: { code } }, { withToken: false }),
    }),
  }),
});

export const { useOidcCompleteMutation } = oidcCompleteApi;
