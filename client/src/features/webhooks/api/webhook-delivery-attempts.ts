// GET /admin/webhooks/{id}/deliveries/{deliveryId}/attempts → every attempt of one delivery, first first.
import type { AnswerOf } from '#contract/api/endpoint';
import { webhooksEndpoints } from '#contract/webhooks/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const call = webhooksEndpoints.webhookDeliveryAttempts;

const webhookDeliveryAttemptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    webhookDeliveryAttempts: build.query<AnswerOf<typeof call>, { id: number; deliveryId: number }>({
      query: ({ id, deliveryId }) => request(call, { path: { id, deliveryId } }),
      // Refreshed with the log it belongs to.
      providesTags: ['WebhookDeliveries'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useWebhookDeliveryAttemptsQuery } = webhookDeliveryAttemptsApi;
