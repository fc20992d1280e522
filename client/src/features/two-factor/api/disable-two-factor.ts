// POST /admin/two-factor/disable → TwoFactorStatus: off, with a current code or the password.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const disable = twoFactorEndpoints.disableTwoFactor;

const disableTwoFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    disableTwoFactor: build.mutation<AnswerOf<typeof disable>, BodyIn<typeof disable>>({
      query: (body) => request(disable, { body }),
      invalidatesTags: ['TwoFactor', 'Me'],
    }),
  }),
});

export const { useDisableTwoFactorMutation } = disableTwoFactorApi;
