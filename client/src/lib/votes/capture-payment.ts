// After the buyer came back from the checkout: PayPal's order id goes
// to POST /webhooks/paypal/capture, Stripe's session id to POST /payments/stripe/capture.
import type { AnswerOf } from '#contract/api/endpoint';
import { paymentsEndpoints } from '#contract/payments/endpoints';
import type { PaypalCaptureRequest, StripeCaptureRequest } from '#contract/payments/requests';
import { api } from '@/lib/api/api';
import { request } from '@/lib/api/request';

const { capturePaypal, captureStripe } = paymentsEndpoints;

const captureApi = api.injectEndpoints({
  endpoints: (build) => ({
    capturePaypal: build.mutation<AnswerOf<typeof capturePaypal>, PaypalCaptureRequest>({
      query: (body) => request(capturePaypal, { body }),
    }),
    captureStripe: build.mutation<AnswerOf<typeof captureStripe>, StripeCaptureRequest>({
      query: (body) => request(captureStripe, { body }),
    }),
  }),
});

export const { useCapturePaypalMutation, useCaptureStripeMutation } = captureApi;
