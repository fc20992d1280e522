// GET /admin/support-messages/summary → {open_count}: the admin dashboard's card.
import type { AnswerOf } from '#contract/api/endpoint';
import { supportEndpoints } from '#contract/support/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const summary = supportEndpoints.getSupportSummary;

const supportSummaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportSummary: build.query<AnswerOf<typeof summary>, void>({
      query: () => request(summary),
      providesTags: ['SupportMessages'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSupportSummaryQuery } = supportSummaryApi;
