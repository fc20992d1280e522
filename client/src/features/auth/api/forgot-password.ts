// POST /auth/forgot-password {email}.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { authEndpoints } from '#contract/auth/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const forgot = authEndpoints.forgotPassword;

const forgotPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<AnswerOf<typeof forgot>, BodyIn<typeof forgot>>({
      query: (body) => request(forgot, { body }, { withToken: false }),
    }),
  }),
});

export const { useForgotPasswordMutation } = forgotPasswordApi;
