// GET /admin/payments/export?status=&provider= → text/csv. Fetched through the shared
// base query (the token, a 401 signs out, errors as `detail`) rather than a plain link, which could not
// carry the token; the page then saves the text as a file. A mutation, so the CSV is not cached.
import type { AdminPaymentsFilter } from '#contract/payments/requests';
import { api } from '@/lib/api/api';

const exportPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportPayments: build.mutation<string, AdminPaymentsFilter>({
      query: ({ status, provider }) => ({ url: '/admin/payments/export', params: { status, provider } }),
      // The base query answers a body that is not JSON as its text: the CSV itself.
      transformResponse: (body: unknown) => (typeof body === 'string' ? body : ''),
    }),
  }),
});

export const { useExportPaymentsMutation } = exportPaymentsApi;
