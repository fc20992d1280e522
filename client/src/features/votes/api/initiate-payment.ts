// POST /votes/initiate-payment → {payment_url}: the vote page's paid vote.
// The answer's payment_url is the checkout the voter is sent to.
import type { AnswerOf } from '#contract/api/endpoint';
import { paymentsEndpoints } from '#contract/payments/endpoints';
import type { InitiatePaymentRequest } from '#contract/payments/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const initiate = paymentsEndpoints.initiatePayment;

const initiatePaymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    initiatePayment: build.mutation<AnswerOf<typeof initiate>, InitiatePaymentRequest>({
      query: (body) => request(initiate, { body }),
    }),
  }),
});

export const { useInitiatePaymentMutation } = initiatePaymentApi;
