// GET /admin/webhooks/{id}/deliveries → the endpoint's newest deliveries, newest first.
import type { AnswerOf } from '#contract/api/endpoint';
import { webhooksEndpoints } from '#contract/webhooks/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const call = webhooksEndpoints.webhookDeliveries;

const webhookDeliveriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    webhookDeliveries: build.query<AnswerOf<typeof call>, number>({
      query: (id) => request(call, { path: { id } }),
      providesTags: ['WebhookDeliveries'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useWebhookDeliveriesQuery } = webhookDeliveriesApi;
