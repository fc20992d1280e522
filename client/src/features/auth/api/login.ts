// POST /auth/login: form-encoded username (e-mail or username), password, remember_me.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
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
      query: ({ username, password, remember_me }) => {
        const fields = { username, password, remember_me: remember_me ? 'true' : 'false' } satisfies BodyIn<typeof signIn>;
        // The fields are typed by the server's schema and sent form-encoded, as a sign-in form posts them.
        return { ...request(signIn, { body: fields }, { withToken: false }), body: new URLSearchParams(fields) };
      },
    }),
  }),
});

export const { useLoginMutation } = loginApi;
