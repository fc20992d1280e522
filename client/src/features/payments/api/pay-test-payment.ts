// POST /payments/test/{paymentId}/pay → {redirect_url}: TEST MODE's Pay button. No money moves;
// the server marks the payment paid and answers where the buyer goes back to (the success URL).
import type { TestPayResponse } from '#contract/payments/answers';
import { api } from '@/lib/api/api';

const testPayApi = api.injectEndpoints({
  endpoints: (build) => ({
    payTestPayment: build.mutation<TestPayResponse, string>({
      query: (paymentId) => ({ url: `/payments/test/${encodeURIComponent(paymentId)}/pay`, method: 'POST' }),
    }),
  }),
});

export const { usePayTestPaymentMutation } = testPayApi;
