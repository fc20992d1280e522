import { Readable } from 'node:stream';
import { applyDecorators, Controller, Header, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AdminPaymentsPage, adminPaymentsPageSchema, type PaymentReconciliation, paymentReconciliationSchema } from '#contract/payments/answers.js';
import { type AdminPaymentsFilter, adminPaymentsFilterSchema, type AdminPaymentsQuery, adminPaymentsQuerySchema } from '#contract/payments/requests.js';
import { PAYMENT_PROVIDERS, PAYMENT_STATUS_FILTERS } from '#contract/payments/constants.js';
import { ZodPipe } from '#server/common/zod-pipe.js';
import { AdminPaymentsService } from './admin-payments.service.js';
import { ApiAnswer, ApiFileAnswer } from '#server/common/api-docs.js';
import { paymentsEndpoints } from '#contract/payments/endpoints.js';
import { Route } from '#server/common/http/route.js';

const FilterQueries = () =>
  applyDecorators(
    ApiQuery({ name: 'status', required: false, enum: PAYMENT_STATUS_FILTERS, description: "Without it, every status but 'expired'; 'all' includes expired" }),
    ApiQuery({ name: 'provider', required: false, enum: PAYMENT_PROVIDERS }),
  );

/** The admin payments page's calls: staff whose role has the `payments` permission (the endpoint table names it). */
@ApiTags('admin')
@Controller()
export class AdminPaymentsController {
  constructor(private readonly payments: AdminPaymentsService) {}

  @Route(paymentsEndpoints.getAdminPayments)
  @ApiOperation({ summary: 'Payments, newest first, filtered by status and provider, with the totals over all that match; count also in x-total-count' })
  @ApiQuery({ name: 'limit', description: '1 to 100, default 20' })
  @FilterQueries()
  @ApiOkResponse({ description: 'AdminPaymentsPage {items, totals} (contract/payments/answers.ts)' })
  @ApiUnprocessableEntityResponse({ description: 'An unknown status or provider, or a bad skip/limit' })
  @ApiAnswer(adminPaymentsPageSchema)
  async list(
    @Query(new ZodPipe(adminPaymentsQuerySchema, 'query')) query: AdminPaymentsQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminPaymentsPage> {
    const page = await this.payments.page(query);
    void reply.header('x-total-count', String(page.totals.count));
    return page;
  }

  @Route(paymentsEndpoints.exportPayments)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Every payment matching the filters as CSV (header row first, newest first, formula-safe cells)' })
  @FilterQueries()
  @ApiFileAnswer('text/csv')
  @ApiOkResponse({ description: 'text/csv attachment' })
  @ApiUnprocessableEntityResponse({ description: 'An unknown status or provider' })
  export(@Query(new ZodPipe(adminPaymentsFilterSchema, 'query')) filter: AdminPaymentsFilter): StreamableFile {
    const day = new Date().toISOString().slice(0, 10);
    return new StreamableFile(Readable.from(this.payments.csv(filter)), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="payments-${day}.csv"`,
    });
  }

  @Route(paymentsEndpoints.getPaymentReconciliation)
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Credited payments against the vote ledger and the paid-vote counters, and payments paid but not credited after 5 minutes' })
  @ApiOkResponse({ description: 'PaymentReconciliation (contract/payments/answers.ts)' })
  @ApiAnswer(paymentReconciliationSchema)
  reconciliation(): Promise<PaymentReconciliation> {
    return this.payments.reconcile();
  }
}
