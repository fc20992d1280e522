// POST /admin/webhooks/{id}/rotate-secret → the endpoint with its new secret, shown this once.
import type { AnswerOf } from '#contract/api/endpoint';
import { webhooksEndpoints } from '#contract/webhooks/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const call = webhooksEndpoints.rotateWebhookSecret;

const rotateWebhookSecretApi = api.injectEndpoints({
  endpoints: (build) => ({
    rotateWebhookSecret: build.mutation<AnswerOf<typeof call>, number>({
      query: (id) => request(call, { path: { id } }),
      invalidatesTags: ['Webhooks'],
    }),
  }),
});

export const { useRotateWebhookSecretMutation } = rotateWebhookSecretApi;
