// GET /admin/support-messages?topic=&status=&skip=&limit= → {items, total, open_count}: the
// admin inbox, newest first.
import type { AnswerOf } from '#contract/api/endpoint';
import type { SupportMessageStatus, SupportTopic } from '#contract/support/constants';
import { supportEndpoints } from '#contract/support/endpoints';
import { api } from '@/lib/api/api';
import type { PageArgs } from '@/lib/api/paged';
import { request } from '@/lib/api/request';

const messages = supportEndpoints.getSupportMessages;

export interface SupportMessagesFilter {
  topic?: SupportTopic;
  status?: SupportMessageStatus;
}

const supportMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportMessages: build.query<AnswerOf<typeof messages>, PageArgs & SupportMessagesFilter>({
      query: ({ skip, limit, topic, status }) => request(messages, { query: { skip, limit, topic, status } }),
      providesTags: ['SupportMessages'],
      // New messages arrive from outside this page: never show a stale inbox for long.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSupportMessagesQuery } = supportMessagesApi;
