// PUT /admin/webhooks/{id} → the endpoint: enable, disable, or change its address, description or events.
import type { AnswerOf, BodyIn } from '#contract/api/endpoint';
import { webhooksEndpoints } from '#contract/webhooks/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const call = webhooksEndpoints.updateWebhook;

const updateWebhookApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateWebhook: build.mutation<AnswerOf<typeof call>, { id: number } & BodyIn<typeof call>>({
      query: ({ id, ...body }) => request(call, { path: { id }, body }),
      invalidatesTags: ['Webhooks'],
    }),
  }),
});

export const { useUpdateWebhookMutation } = updateWebhookApi;
