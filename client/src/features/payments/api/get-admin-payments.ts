// GET /admin/payments?skip=&limit=&status=&provider= → {items, totals} with x-total-count.
import type { AnswerOf } from '#contract/api/endpoint';
import type { AdminPaymentItem, AdminPaymentsTotals } from '#contract/payments/answers';
import { paymentsEndpoints } from '#contract/payments/endpoints';
import type { AdminPaymentsFilter } from '#contract/payments/requests';
import { api } from '@/lib/api/api';
import { toPaged, type PageArgs, type Paged } from '@/lib/api/paged';
import { request } from '@/lib/api/request';

const payments = paymentsEndpoints.getAdminPayments;

export type AdminPaymentsArgs = PageArgs & AdminPaymentsFilter;

export interface AdminPaymentsResult extends Paged<AdminPaymentItem> {
  totals: AdminPaymentsTotals;
}

const adminPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminPayments: build.query<AdminPaymentsResult, AdminPaymentsArgs>({
      query: ({ skip, limit, status, provider }) => request(payments, { query: { skip, limit, status, provider } }),
      transformResponse: (page: AnswerOf<typeof payments>, meta, { skip, limit }) => ({
        ...toPaged(page?.items ?? [], meta, { skip, limit }),
        totals: page.totals,
      }),
      // Payments change outside this page (buyers, providers): never show a stale list for long.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAdminPaymentsQuery } = adminPaymentsApi;
