import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { AdminWebhooksController } from './admin-webhooks.controller.js';
import { AdminWebhooksService } from './admin-webhooks.service.js';
import { WebhookDeliveryService } from './webhook-delivery.service.js';
import { WebhookEventsService } from './webhook-events.service.js';
import { WebhookJobsHandler } from './webhook-jobs.handler.js';
import { WebhookLogService } from './webhook-log.service.js';
import { WebhooksRepository } from './webhooks.repository.js';

/**
 * Signed outbound webhooks (decision 056): owners register endpoints; other modules publish what
 * happened through WebhookEventsService once it is committed; deliveries run as jobs, signed per
 * Standard Webhooks, retried with a growing wait, one at a time per endpoint; the log is kept
 * WEBHOOK_LOG_RETENTION, and an erased account's events are redacted (WebhookLogService).
 */
@Module({
  imports: [AuditModule],
  controllers: [AdminWebhooksController],
  providers: [WebhooksRepository, WebhookEventsService, WebhookDeliveryService, AdminWebhooksService, WebhookJobsHandler, WebhookLogService],
  exports: [WebhookEventsService, WebhookLogService],
})
export class WebhooksModule {}
