// POST /auth/login: form-encoded username (e-mail or username), password, remember_me.
import type { AnswerOf } from '#contract/api/endpoint';
import { authEndpoints } from '#contract/auth/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const signIn = authEndpoints.login;

export interface LoginRequest {
  username: string;
  password: string;
  remember_me: boolean;
}

const loginApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AnswerOf<typeof signIn>, LoginRequest>({
      // Sent form-encoded (the endpoint says so), as a sign-in form posts it.
      query: ({ username, password, remember_me }) =>
        request(signIn, { body: { username, password, remember_me: remember_me ? 'true' : 'false' } }, { withToken: false }),
    }),
  }),
});

export const { useLoginMutation } = loginApi;
