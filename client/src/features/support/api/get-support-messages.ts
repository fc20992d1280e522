// GET /admin/support-messages?topic=&status=&skip=&limit= → {items, total, open_count}: the
// admin inbox, newest first.
import type { SupportMessagesPage } from '#contract/support/answers';
import type { SupportMessageStatus, SupportTopic } from '#contract/support/constants';
import { api } from '@/lib/api/api';
import type { PageArgs } from '@/lib/api/paged';

export interface SupportMessagesFilter {
  topic?: SupportTopic;
  status?: SupportMessageStatus;
}

const supportMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportMessages: build.query<SupportMessagesPage, PageArgs & SupportMessagesFilter>({
      query: ({ skip, limit, topic, status }) => ({ url: '/admin/support-messages', params: { skip, limit, topic, status } }),
      providesTags: ['SupportMessages'],
      // New messages arrive from outside this page: never show a stale inbox for long.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSupportMessagesQuery } = supportMessagesApi;
