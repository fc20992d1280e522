// POST /auth/forgot-password {email}.
import type { MessageResponse } from '#contract/common/answers';
import { api } from '@/lib/api/api';

const forgotPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body, withToken: false }),
    }),
  }),
});

export const { useForgotPasswordMutation } = forgotPasswordApi;
