// POST /auth/request-email-verification {email}: the registration-success page's resend.
import type { MessageResponse } from '#contract/common/answers';
import { api } from '@/lib/api/api';

const requestVerificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestEmailVerification: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/auth/request-email-verification', method: 'POST', body, withToken: false }),
    }),
  }),
});

export const { useRequestEmailVerificationMutation } = requestVerificationApi;
