// GET /admin/payments/reconciliation → PaymentReconciliation.
import type { AnswerOf } from '#contract/api/endpoint';
import { paymentsEndpoints } from '#contract/payments/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const reconciliation = paymentsEndpoints.getPaymentReconciliation;

const reconciliationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentReconciliation: build.query<AnswerOf<typeof reconciliation>, void>({
      query: () => request(reconciliation),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPaymentReconciliationQuery } = reconciliationApi;
