// GET /admin/webhooks → the endpoints, never their secrets (owners only).
import type { AnswerOf } from '#contract/api/endpoint';
import { webhooksEndpoints } from '#contract/webhooks/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const call = webhooksEndpoints.listWebhooks;

const listWebhooksApi = api.injectEndpoints({
  endpoints: (build) => ({
    listWebhooks: build.query<AnswerOf<typeof call>, void>({
      query: () => request(call),
      providesTags: ['Webhooks'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useListWebhooksQuery } = listWebhooksApi;
