// POST /admin/two-factor/confirm → RecoveryCodes: the first code turns two-factor sign-in on.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const confirm = twoFactorEndpoints.confirmTwoFactorSetup;

const confirmTwoFactorSetupApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmTwoFactorSetup: build.mutation<AnswerOf<typeof confirm>, BodyIn<typeof confirm>>({
      query: (body) => request(confirm, { body }),
      invalidatesTags: ['TwoFactor', 'Me'],
    }),
  }),
});

export const { useConfirmTwoFactorSetupMutation } = confirmTwoFactorSetupApi;
