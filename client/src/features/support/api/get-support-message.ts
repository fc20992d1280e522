// GET /admin/support-messages/{id} → one message: the inbox's opened message, fresh.
import type { SupportMessageItem } from '#contract/support/answers';
import { api } from '@/lib/api/api';

const supportMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportMessage: build.query<SupportMessageItem, number>({
      query: (id) => `/admin/support-messages/${id}`,
      providesTags: ['SupportMessages'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSupportMessageQuery } = supportMessageApi;
