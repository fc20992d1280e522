// GET /admin/payments/reconciliation → PaymentReconciliation.
import type { PaymentReconciliation } from '#contract/payments/answers';
import { api } from '@/lib/api/api';

const reconciliationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPaymentReconciliation: build.query<PaymentReconciliation, void>({
      query: () => ({ url: '/admin/payments/reconciliation' }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetPaymentReconciliationQuery } = reconciliationApi;
