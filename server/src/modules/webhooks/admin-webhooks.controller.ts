import { Body, Controller, HttpCode, HttpStatus } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { type MessageResponse, messageResponseSchema } from '#contract/common/answers.js';
import {
  type WebhookAttemptList,
  webhookAttemptListSchema,
  type WebhookDelivery,
  type WebhookDeliveryList,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  type WebhookEndpoint,
  type WebhookEndpointList,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  type WebhookWithSecret,
  webhookWithSecretSchema,
} from '#contract/webhooks/answers.js';
import { webhooksEndpoints } from '#contract/webhooks/endpoints.js';
import { type CreateWebhook, createWebhookSchema, type UpdateWebhook, updateWebhookSchema } from '#contract/webhooks/requests.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { Route } from '#server/common/http/route.js';
import { IdParam } from '#server/common/id-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { AdminWebhooksService } from './admin-webhooks.service.js';

const BAD_ADDRESS = 'An unknown event, no event, or an address that is not https or not public (unless WEBHOOKS_ALLOW_PRIVATE)';

/** Outbound webhooks: owners alone (the `integrations` permission, named by the endpoint table). */
@ApiTags('admin')
@Controller()
export class AdminWebhooksController {
  constructor(private readonly webhooks: AdminWebhooksService) {}

  @Route(webhooksEndpoints.listWebhooks)
  @ApiOperation({ summary: 'The webhook endpoints (never their secrets)' })
  @ApiOkResponse({ description: 'WebhookEndpointList' })
  @ApiAnswer(webhookEndpointListSchema)
  async list(): Promise<WebhookEndpointList> {
    return { items: await this.webhooks.list() };
  }

  @Route(webhooksEndpoints.createWebhook)
  @ApiOperation({ summary: 'Register an endpoint; the answer holds its signing secret, shown this once' })
  @ApiCreatedResponse({ description: 'The endpoint with its secret' })
  @ApiConflictResponse({ description: 'The site has the most endpoints it may' })
  @ApiUnprocessableEntityResponse({ description: BAD_ADDRESS })
  @ApiAnswer(webhookWithSecretSchema)
  create(@CurrentUser() admin: AuthUser, @Body(new ZodPipe(createWebhookSchema)) body: CreateWebhook): Promise<WebhookWithSecret> {
    return this.webhooks.create(admin.id, body);
  }

  @Route(webhooksEndpoints.updateWebhook)
  @ApiOperation({ summary: "Change an endpoint's address, description, events or whether it is enabled" })
  @ApiOkResponse({ description: 'The endpoint as saved' })
  @ApiNotFoundResponse({ description: 'No such endpoint' })
  @ApiUnprocessableEntityResponse({ description: BAD_ADDRESS })
  @ApiAnswer(webhookEndpointSchema)
  update(@CurrentUser() admin: AuthUser, @IdParam('id') id: number, @Body(new ZodPipe(updateWebhookSchema)) body: UpdateWebhook): Promise<WebhookEndpoint> {
    return this.webhooks.update(admin.id, id, body);
  }

  @Route(webhooksEndpoints.rotateWebhookSecret)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Replace an endpoint's signing secret; the answer holds the new one, shown this once" })
  @ApiOkResponse({ description: 'The endpoint with its new secret' })
  @ApiNotFoundResponse({ description: 'No such endpoint' })
  @ApiAnswer(webhookWithSecretSchema)
  rotate(@CurrentUser() admin: AuthUser, @IdParam('id') id: number): Promise<WebhookWithSecret> {
    return this.webhooks.rotate(admin.id, id);
  }

  @Route(webhooksEndpoints.deleteWebhook)
  @ApiOperation({ summary: 'Delete an endpoint with its delivery log' })
  @ApiOkResponse({ description: '{message}' })
  @ApiNotFoundResponse({ description: 'No such endpoint' })
  @ApiAnswer(messageResponseSchema)
  remove(@CurrentUser() admin: AuthUser, @IdParam('id') id: number): Promise<MessageResponse> {
    return this.webhooks.remove(admin.id, id);
  }

  @Route(webhooksEndpoints.webhookDeliveries)
  @ApiOperation({ summary: "The endpoint's newest deliveries, newest first" })
  @ApiOkResponse({ description: 'WebhookDeliveryList' })
  @ApiNotFoundResponse({ description: 'No such endpoint' })
  @ApiAnswer(webhookDeliveryListSchema)
  async deliveries(@IdParam('id') id: number): Promise<WebhookDeliveryList> {
    return { items: await this.webhooks.log(id) };
  }

  @Route(webhooksEndpoints.webhookDeliveryAttempts)
  @ApiOperation({ summary: "A delivery's attempts, first first: time, HTTP status or the error in words, latency" })
  @ApiOkResponse({ description: 'WebhookAttemptList' })
  @ApiNotFoundResponse({ description: 'No such delivery of this endpoint' })
  @ApiAnswer(webhookAttemptListSchema)
  async attempts(@IdParam('id') id: number, @IdParam('deliveryId') deliveryId: number): Promise<WebhookAttemptList> {
    return { items: await this.webhooks.attempts(id, deliveryId) };
  }

  @Route(webhooksEndpoints.redeliverWebhook)
  @ApiOperation({ summary: "Send a delivery's event again, with the same webhook-id, as a new delivery" })
  @ApiCreatedResponse({ description: 'The new delivery, queued' })
  @ApiNotFoundResponse({ description: 'No such delivery of this endpoint' })
  @ApiAnswer(webhookDeliverySchema)
  redeliver(@IdParam('id') id: number, @IdParam('deliveryId') deliveryId: number): Promise<WebhookDelivery> {
    return this.webhooks.redeliver(id, deliveryId);
  }

  @Route(webhooksEndpoints.testWebhook)
  @ApiOperation({ summary: 'Send a webhook.test event to this endpoint' })
  @ApiCreatedResponse({ description: 'The delivery, queued' })
  @ApiNotFoundResponse({ description: 'No such endpoint' })
  @ApiAnswer(webhookDeliverySchema)
  test(@IdParam('id') id: number): Promise<WebhookDelivery> {
    return this.webhooks.test(id);
  }
}
