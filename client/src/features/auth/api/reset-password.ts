// POST /auth/reset-password {token, new_password}.
import type { MessageResponse } from '#contract/common/answers';
import { api } from '@/lib/api/api';

const resetPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    resetPassword: build.mutation<MessageResponse, { token: string; new_password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body, withToken: false }),
    }),
  }),
});

export const { useResetPasswordMutation } = resetPasswordApi;
