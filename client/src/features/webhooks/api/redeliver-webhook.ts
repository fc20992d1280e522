// POST /admin/webhooks/{id}/deliveries/{deliveryId}/redeliver → a new delivery of the same event. The log refetches.
import type { AnswerOf } from '#contract/api/endpoint';
import { webhooksEndpoints } from '#contract/webhooks/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const call = webhooksEndpoints.redeliverWebhook;

const redeliverWebhookApi = api.injectEndpoints({
  endpoints: (build) => ({
    redeliverWebhook: build.mutation<AnswerOf<typeof call>, { id: number; deliveryId: number }>({
      query: ({ id, deliveryId }) => request(call, { path: { id, deliveryId } }),
      invalidatesTags: ['WebhookDeliveries'],
    }),
  }),
});

export const { useRedeliverWebhookMutation } = redeliverWebhookApi;
