import { Injectable } from '@nestjs/common';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { WebhookDeliveryService } from './webhook-delivery.service.js';
import { DELIVER_WEBHOOK, type DeliverWebhookJob, WEBHOOK_EVENT, type WebhookEventJob } from './webhook-jobs.js';

/** The webhooks' jobs: an event's fan-out to its endpoints, and one attempt of one delivery. */
@Injectable()
export class WebhookJobsHandler {
  constructor(private readonly deliveries: WebhookDeliveryService) {}

  @OnJob(WEBHOOK_EVENT)
  fanOut(job: WebhookEventJob): Promise<void> {
    return this.deliveries.fanOut(job);
  }

  @OnJob(DELIVER_WEBHOOK)
  deliver(job: DeliverWebhookJob): Promise<void> {
    return this.deliveries.deliver(job);
  }
}
