// POST /auth/reset-password {token, new_password}.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { authEndpoints } from '#contract/auth/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const reset = authEndpoints.resetPassword;

const resetPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    resetPassword: build.mutation<AnswerOf<typeof reset>, BodyIn<typeof reset>>({
      query: (body) => request(reset, { body }, { withToken: false }),
    }),
  }),
});

export const { useResetPasswordMutation } = resetPasswordApi;
