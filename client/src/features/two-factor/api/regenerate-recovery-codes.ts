// POST /admin/two-factor/recovery-codes → RecoveryCodes: new codes for a current code; the old ones stop working.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const regenerate = twoFactorEndpoints.regenerateRecoveryCodes;

const regenerateRecoveryCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    regenerateRecoveryCodes: build.mutation<AnswerOf<typeof regenerate>, BodyIn<typeof regenerate>>({
      query: (body) => request(regenerate, { body }),
      invalidatesTags: ['TwoFactor'],
    }),
  }),
});

export const { useRegenerateRecoveryCodesMutation } = regenerateRecoveryCodesApi;
