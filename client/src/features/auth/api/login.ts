// POST /auth/login: form-encoded username (e-mail or username), password, remember_me.
import type { TokenResponse } from '#contract/auth/answers';
import { api } from '@/lib/api/api';

export interface LoginRequest {
  username: string;
  password: string;
  remember_me: boolean;
}

const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenResponse, LoginRequest>({
      query: ({ username, password, remember_me }) => ({
        url: '/auth/login',
        method: 'POST',
        body: new URLSearchParams({ username, password, remember_me: String(remember_me) }),
        withToken: false,
      }),
    }),
  }),
});

export const { useLoginMutation } = loginApi;
