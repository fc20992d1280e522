// GET /auth/verify-email?token=. A query rather than a mutation on purpose: RTK Query
// shares one request per token among all subscribers, so React StrictMode's double effects (or a
// re-render) never spend a single-use token twice. Never refetched on focus or reconnect.
import type { AnswerOf } from '#contract/api/endpoint';
import { authEndpoints } from '#contract/auth/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const verify = authEndpoints.verifyEmail;

const verifyEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyEmail: build.query<AnswerOf<typeof verify>, string>({
      query: (token) => request(verify, { query: { token } }, { withToken: false }),
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useVerifyEmailQuery } = verifyEmailApi;
