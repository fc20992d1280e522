// POST /payments/test/{paymentId}/pay → {redirect_url}: TEST MODE's Pay button. No money moves;
// the server marks the payment paid and answers where the buyer goes back to (the success URL).
import type { AnswerOf } from '#contract/api/endpoint';
import { paymentsEndpoints } from '#contract/payments/endpoints';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const testPay = paymentsEndpoints.payTestPayment;

const testPayApi = api.injectEndpoints({
  endpoints: (build) => ({
    payTestPayment: build.mutation<AnswerOf<typeof testPay>, string>({
      query: (paymentId) => request(testPay, { path: { paymentId } }),
    }),
  }),
});

export const { usePayTestPaymentMutation } = testPayApi;
