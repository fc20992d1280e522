// After the buyer came back from the checkout: PayPal's order id goes
// to POST /webhooks/paypal/capture, Stripe's session id to POST /payments/stripe/capture.
import type { CaptureResponse } from '#contract/payments/answers';
import type { PaypalCaptureRequest, StripeCaptureRequest } from '#contract/payments/requests';
import { api } from '@/lib/api/api';

const captureApi = api.injectEndpoints({
  endpoints: (build) => ({
    capturePaypal: build.mutation<CaptureResponse, PaypalCaptureRequest>({
      query: (body) => ({ url: '/webhooks/paypal/capture', method: 'POST', body }),
    }),
    captureStripe: build.mutation<CaptureResponse, StripeCaptureRequest>({
      query: (body) => ({ url: '/payments/stripe/capture', method: 'POST', body }),
    }),
  }),
});

export const { useCapturePaypalMutation, useCaptureStripeMutation } = captureApi;
