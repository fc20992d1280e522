// GET /auth/verify-email?token=. A query rather than a mutation on purpose: RTK Query
// shares one request per token among all subscribers, so React StrictMode's double effects (or a
// re-render) never spend a single-use token twice. Never refetched on focus or reconnect.
import type { MessageResponse } from '#contract/common/answers';
import { api } from '@/lib/api/api';

const verifyEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyEmail: build.query<MessageResponse, string>({
      query: (token) => ({ url: '/auth/verify-email', params: { token }, withToken: false }),
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useVerifyEmailQuery } = verifyEmailApi;
