// GET /admin/payments/export?status=&provider= → text/csv. Fetched through the shared
// base query (the token, a 401 signs out, errors as `detail`) rather than a plain link, which could not
// carry the token; the page then saves the text as a file. A mutation, so the CSV is not cached.
import type { AnswerOf } from '#contract/api/endpoint';
import { paymentsEndpoints } from '#contract/payments/endpoints';
import type { AdminPaymentsFilter } from '#contract/payments/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const exportCsv = paymentsEndpoints.exportPayments;

const exportPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportPayments: build.mutation<AnswerOf<typeof exportCsv>, AdminPaymentsFilter>({
      query: ({ status, provider }) => request(exportCsv, { query: { status, provider } }),
      // The base query answers a body that is not JSON as its text: the CSV itself.
      transformResponse: (body: unknown) => (typeof body === 'string' ? body : ''),
    }),
  }),
});

export const { useExportPaymentsMutation } = exportPaymentsApi;
