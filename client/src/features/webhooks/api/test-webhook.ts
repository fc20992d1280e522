// POST /admin/webhooks/{id}/test → a webhook.test delivery to this endpoint. The log refetches.
import type { AnswerOf } from '#contract/api/endpoint';
import { webhooksEndpoints } from '#contract/webhooks/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const call = webhooksEndpoints.testWebhook;

const testWebhookApi = api.injectEndpoints({
  endpoints: (build) => ({
    testWebhook: build.mutation<AnswerOf<typeof call>, number>({
      query: (id) => request(call, { path: { id } }),
      invalidatesTags: ['WebhookDeliveries'],
    }),
  }),
});

export const { useTestWebhookMutation } = testWebhookApi;
