// POST /votes/initiate-payment → {payment_url}: the vote page's paid vote.
// The answer's payment_url is the checkout the voter is sent to.
import type { BuyVotesResponse } from '#contract/payments/answers';
import type { InitiatePaymentRequest } from '#contract/payments/requests';
import { api } from '@/lib/api/api';

const initiatePaymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    initiatePayment: build.mutation<BuyVotesResponse, InitiatePaymentRequest>({
      query: (body) => ({ url: '/votes/initiate-payment', method: 'POST', body }),
    }),
  }),
});

export const { useInitiatePaymentMutation } = initiatePaymentApi;
