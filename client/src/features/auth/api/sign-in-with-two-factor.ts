// POST /auth/login/two-factor: the challenge of the password step and an authenticator or recovery code.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const secondStep = twoFactorEndpoints.signInWithTwoFactor;

const signInWithTwoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    signInWithTwoFactor: build.mutation<AnswerOf<typeof secondStep>, BodyIn<typeof secondStep>>({
      query: (body) => request(secondStep, { body }, { withToken: false }),
    }),
  }),
});

export const { useSignInWithTwoFactorMutation } = signInWithTwoFactorApi;
