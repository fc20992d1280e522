// POST /admin/two-factor/setup → TwoFactorSetup: a new secret, its otpauth address and QR code.
import type { AnswerOf } from '#contract/api/endpoint';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const start = twoFactorEndpoints.startTwoFactorSetup;

const startTwoFactorSetupApi = api.injectEndpoints({
  endpoints: (build) => ({
    startTwoFactorSetup: build.mutation<AnswerOf<typeof start>, void>({
      query: () => request(start),
    }),
  }),
});

export const { useStartTwoFactorSetupMutation } = startTwoFactorSetupApi;
