// GET /admin/support-messages/{id} → one message: the inbox's opened message, fresh.
import type { AnswerOf } from '#contract/api/endpoint';
import { supportEndpoints } from '#contract/support/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const message = supportEndpoints.getSupportMessage;

const supportMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupportMessage: build.query<AnswerOf<typeof message>, number>({
      query: (id) => request(message, { path: { id } }),
      providesTags: ['SupportMessages'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetSupportMessageQuery } = supportMessageApi;
