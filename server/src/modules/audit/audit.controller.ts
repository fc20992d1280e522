import { Controller, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AUDIT_PAGE_SIZE } from '#contract/audit/constants.js';
import { type AuditLogQuery, auditLogQuerySchema } from '#contract/audit/requests.js';
import { type AuditChain, auditChainSchema, type AuditLogPage, auditLogPageSchema } from '#contract/audit/answers.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { AuditService } from './audit.service.js';
import { ApiAnswer } from '#server/common/api-docs.js';
import { auditEndpoints } from '#contract/audit/endpoints.js';
import { Route } from '#server/common/http/route.js';

/** The audit log is read-only over HTTP: no route changes or removes an entry. */
@ApiTags('admin')
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Route(auditEndpoints.getAuditLog)
  @ApiOperation({ summary: `Admin actions, newest first, ${AUDIT_PAGE_SIZE} a page; total also in x-total-count` })
  @ApiQuery({ name: 'page', description: 'From 1 (default 1)' })
  @ApiOkResponse({ description: 'AuditLogPage {items, total, page, page_size} (contract/audit/answers.ts)' })
  @ApiUnprocessableEntityResponse({ description: 'A bad page or an unknown action' })
  @ApiAnswer(auditLogPageSchema)
  async list(@Query(new ZodPipe(auditLogQuerySchema, 'query')) query: AuditLogQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<AuditLogPage> {
    const page = await this.audit.page(query);
    void reply.header('x-total-count', String(page.total));
    return page;
  }

  @Route(auditEndpoints.getAuditChain)
  @ApiOperation({ summary: "Checks the log's digest chain: intact (with the newest digest), or the first entry that does not follow" })
  @ApiOkResponse({ description: 'AuditChain {intact, entries, head, first_broken_id} (contract/audit/answers.ts)' })
  @ApiAnswer(auditChainSchema)
  chain(): Promise<AuditChain> {
    return this.audit.verifyChain();
  }
}
