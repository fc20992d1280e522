// GET /admin/support-messages/summary → {open_count}: the admin dashboard's card.
import type { SupportMessagesSummary } from '#contract/support/answers';
import { api } from '@/lib/api/api';

const supportSummaryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportSummary: build.query<SupportMessagesSummary, void>({
      query: () => '/admin/support-messages/summary',
      providesTags: ['SupportMessages'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSupportSummaryQuery } = supportSummaryApi;
