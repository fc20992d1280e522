import { Body, Controller, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import {
  type SupportMessageItem,
  supportMessageItemSchema,
  type SupportMessagesPage,
  supportMessagesPageSchema,
  type SupportMessagesSummary,
  supportMessagesSummarySchema,
} from '#contract/support/answers.js';
import {
  type AdminSupportMessagesQuery,
  adminSupportMessagesQuerySchema,
  type UpdateSupportMessage,
  updateSupportMessageSchema,
} from '#contract/support/requests.js';
import type { AuthUser } from '#server/common/auth/auth-user-lookup.js';
import { CurrentUser } from '#server/common/auth/current-user.decorator.js';
import { IdParam } from '#server/common/id-param.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { AdminSupportService } from './admin-support.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { supportEndpoints } from '#contract/support/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** The admin inbox's calls: staff whose role has the `support` permission (the endpoint table names it). */
@ApiTags('admin')
@Controller()
export class AdminSupportController {
  constructor(private readonly inbox: AdminSupportService) {}

  @Route(supportEndpoints.getSupportMessages)
  @ApiOperation({ summary: 'Support messages, newest first, filtered by topic and status; count also in x-total-count' })
  @ApiQuery({ name: 'limit', description: '1 to 100, default 20' })
  @ApiOkResponse({ description: 'SupportMessagesPage {items, total, open_count} (contract/support/answers.ts)' })
  @ApiUnprocessableEntityResponse({ description: 'An unknown topic or status, or a bad skip/limit' })
  @ApiAnswer(supportMessagesPageSchema)
  async list(
    @Query(new ZodPipe(adminSupportMessagesQuerySchema, 'query')) query: AdminSupportMessagesQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SupportMessagesPage> {
    const page = await this.inbox.page(query);
    void reply.header('x-total-count', String(page.total));
    return page;
  }

  @Route(supportEndpoints.getSupportSummary)
  @ApiOperation({ summary: 'The number of open support messages, for the admin dashboard' })
  @ApiOkResponse({ description: 'SupportMessagesSummary {open_count}' })
  @ApiAnswer(supportMessagesSummarySchema)
  summary(): Promise<SupportMessagesSummary> {
    return this.inbox.summary();
  }

  @Route(supportEndpoints.getSupportMessage)
  @ApiOperation({ summary: 'One support message' })
  @ApiOkResponse({ description: 'SupportMessageItem (contract/support/answers.ts)' })
  @ApiNotFoundResponse({ description: 'Message not found' })
  @ApiAnswer(supportMessageItemSchema)
  get(@IdParam('id') id: number): Promise<SupportMessageItem> {
    return this.inbox.get(id);
  }

  @Route(supportEndpoints.updateSupportMessage)
  @ApiOperation({ summary: 'Mark a message handled (handled_at set) or open again (handled_at cleared)' })
  @ApiOkResponse({ description: 'The updated SupportMessageItem' })
  @ApiNotFoundResponse({ description: 'Message not found' })
  @ApiUnprocessableEntityResponse({ description: 'An unknown status' })
  @ApiAnswer(supportMessageItemSchema)
  update(
    @CurrentUser() admin: AuthUser,
    @IdParam('id') id: number,
    @Body(new ZodPipe(updateSupportMessageSchema)) body: UpdateSupportMessage,
  ): Promise<SupportMessageItem> {
    return this.inbox.update(admin.id, id, body);
  }
}
