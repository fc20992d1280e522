// GET /admin/two-factor → TwoFactorStatus: the signed-in staff account's second factor.
import type { AnswerOf } from '#contract/api/endpoint';
import { twoFactorEndpoints } from '#contract/twofactor/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const status = twoFactorEndpoints.getTwoFactorStatus;

const twoFactorStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTwoFactorStatus: build.query<AnswerOf<typeof status>, void>({
      query: () => request(status),
      providesTags: ['TwoFactor'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetTwoFactorStatusQuery } = twoFactorStatusApi;
