// POST /admin/webhooks → the endpoint with its secret, shown this once. The list refetches.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { webhooksEndpoints } from '#contract/webhooks/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const call = webhooksEndpoints.createWebhook;

const createWebhookApi = api.injectEndpoints({
  endpoints: (build) => ({
    createWebhook: build.mutation<AnswerOf<typeof call>, BodyIn<typeof call>>({
      query: (body) => request(call, { body }),
      invalidatesTags: ['Webhooks'],
    }),
  }),
});

export const { useCreateWebhookMutation } = createWebhookApi;
