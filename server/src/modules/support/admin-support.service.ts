import { HttpStatus, Injectable } from '@nestjs/common';
import type { SupportMessageItem, SupportMessagesPage, SupportMessagesSummary } from '#contract/support/answers.js';
import { SUPPORT_MESSAGES } from '#contract/support/messages.js';
import type { AdminSupportMessagesQuery, UpdateSupportMessage } from '#contract/support/requests.js';
import { detailError } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { SupportRepository } from './support.repository.js';

const notFound = () => detailError(HttpStatus.NOT_FOUND, SUPPORT_MESSAGES.messageNotFound);

/** The admin inbox: the list with its filters, one message, marking it handled, and the dashboard's open count. */
@Injectable()
export class AdminSupportService {
  constructor(
    private readonly repo: SupportRepository,
    private readonly audit: AuditService,
  ) {}

  async page({ skip, limit, ...filter }: AdminSupportMessagesQuery): Promise<SupportMessagesPage> {
    const [items, counts] = await Promise.all([this.repo.page(filter, skip, limit), this.repo.counts(filter)]);
    return { items, total: counts.total, open_count: counts.open };
  }

  async summary(): Promise<SupportMessagesSummary> {
    return { open_count: await this.repo.openCount() };
  }

  async get(id: number): Promise<SupportMessageItem> {
    return (await this.repo.get(id)) ?? Promise.reject(notFound());
  }

  async update(actorId: number, id: number, change: UpdateSupportMessage): Promise<SupportMessageItem> {
    await this.setStatus(actorId, id, change);
    return this.get(id);
  }

  /** The status change and its audit entry commit together or not at all. */
  @Transactional()
  private async setStatus(actorId: number, id: number, { status }: UpdateSupportMessage): Promise<void> {
    const previous = await this.repo.lockStatus(id);
    if (!previous) throw notFound();
    await this.repo.setStatus(id, status);
    await this.audit.record({
      actorId,
      action: 'support_message.status',
      targetType: 'support_message',
      targetId: id,
      before: { status: previous },
      after: { status },
    });
  }
}
