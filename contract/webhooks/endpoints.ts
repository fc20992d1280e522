// The webhooks page's calls (owners: the `integrations` permission): endpoints, their secrets and their delivery logs.
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type { MessageResponse } from '../common/answers.js';
import type { WebhookAttemptList, WebhookDelivery, WebhookDeliveryList, WebhookEndpoint, WebhookEndpointList, WebhookWithSecret } from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('webhooks/requests');

export const webhooksEndpoints = {
  listWebhooks: { method: 'GET', path: '/admin/webhooks', staff: 'integrations', answer: answer<WebhookEndpointList>() },
  createWebhook: { method: 'POST', path: '/admin/webhooks', staff: 'integrations', body: request('createWebhookSchema'), answer: answer<WebhookWithSecret>() },
  updateWebhook: { method: 'PUT', path: '/admin/webhooks/:id', staff: 'integrations', body: request('updateWebhookSchema'), answer: answer<WebhookEndpoint>() },
  rotateWebhookSecret: { method: 'POST', path: '/admin/webhooks/:id/rotate-secret', staff: 'integrations', answer: answer<WebhookWithSecret>() },
  deleteWebhook: { method: 'DELETE', path: '/admin/webhooks/:id', staff: 'integrations', answer: answer<MessageResponse>() },
  webhookDeliveries: { method: 'GET', path: '/admin/webhooks/:id/deliveries', staff: 'integrations', answer: answer<WebhookDeliveryList>() },
  webhookDeliveryAttempts: {
    method: 'GET',
    path: '/admin/webhooks/:id/deliveries/:deliveryId/attempts',
    staff: 'integrations',
    answer: answer<WebhookAttemptList>(),
  },
  redeliverWebhook: {
    method: 'POST',
    path: '/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    staff: 'integrations',
    answer: answer<WebhookDelivery>(),
  },
  testWebhook: { method: 'POST', path: '/admin/webhooks/:id/test', staff: 'integrations', answer: answer<WebhookDelivery>() },
} as const satisfies EndpointTable;
