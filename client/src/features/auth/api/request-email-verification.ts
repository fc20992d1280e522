// POST /auth/request-email-verification {email}: the registration-success page's resend.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { authEndpoints } from '#contract/auth/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const requestVerification = authEndpoints.requestEmailVerification;

const requestVerificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestEmailVerification: build.mutation<AnswerOf<typeof requestVerification>, BodyIn<typeof requestVerification>>({
      query: (body) => request(requestVerification, { body }, { withToken: false }),
    }),
  }),
});

export const { useRequestEmailVerificationMutation } = requestVerificationApi;
