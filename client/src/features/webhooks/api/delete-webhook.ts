// DELETE /admin/webhooks/{id}: the endpoint and its delivery log. The list refetches.
import type { AnswerOf } from '#contract/api/endpoint';
import { webhooksEndpoints } from '#contract/webhooks/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const call = webhooksEndpoints.deleteWebhook;

const deleteWebhookApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteWebhook: build.mutation<AnswerOf<typeof call>, number>({
      query: (id) => request(call, { path: { id } }),
      invalidatesTags: ['Webhooks', 'WebhookDeliveries'],
    }),
  }),
});

export const { useDeleteWebhookMutation } = deleteWebhookApi;
