// Paid votes: starting a checkout (the profile's packages, the vote page's paid vote), TEST MODE's Pay
// button, the captures after the buyer came back, the providers' webhooks; the admin payments page, and the
// vote packages an organizer sells (the site's, and a contest's own).
import { answer, type EndpointTable, schemasOf } from '../api/endpoint.js';
import type {
  AdminPaymentsPage,
  BuyVotesResponse,
  CaptureResponse,
  ContestVoteOffer,
  PaymentReconciliation,
  TestPayResponse,
  VoteOffer,
  WebhookReceived,
} from './answers.js';
import type * as requests from './requests.js';

const request = schemasOf<typeof requests>('payments/requests');

export const paymentsEndpoints = {
  buyVotes: { method: 'POST', path: '/contestants/:username/buy-votes', body: request('buyVotesSchema'), answer: answer<BuyVotesResponse>() },
  initiatePayment: { method: 'POST', path: '/votes/initiate-payment', body: request('initiatePaymentSchema'), answer: answer<BuyVotesResponse>() },
  payTestPayment: { method: 'POST', path: '/payments/test/:paymentId/pay', answer: answer<TestPayResponse>() },
  captureStripe: { method: 'POST', path: '/payments/stripe/capture', body: request('stripeCaptureSchema'), answer: answer<CaptureResponse>() },
  capturePaypal: { method: 'POST', path: '/webhooks/paypal/capture', body: request('paypalCaptureSchema'), answer: answer<CaptureResponse>() },
  stripeWebhook: { method: 'POST', path: '/webhooks/stripe', answer: answer<WebhookReceived>() },
  paypalWebhook: { method: 'POST', path: '/webhooks/paypal', answer: answer<WebhookReceived>() },
  getAdminPayments: {
    method: 'GET',
    path: '/admin/payments',
    staff: 'payments',
    query: request('adminPaymentsQuerySchema'),
    answer: answer<AdminPaymentsPage>(),
  },
  exportPayments: {
    method: 'GET',
    path: '/admin/payments/export',
    staff: 'payments',
    query: request('adminPaymentsFilterSchema'),
    file: 'text/csv',
    answer: answer<string>(),
  },
  getPaymentReconciliation: { method: 'GET', path: '/admin/payments/reconciliation', staff: 'payments', answer: answer<PaymentReconciliation>() },
  getAdminVotePackages: { method: 'GET', path: '/admin/vote-packages', staff: 'contests', answer: answer<VoteOffer>() },
  saveAdminVotePackages: {
    method: 'PUT',
    path: '/admin/vote-packages',
    staff: 'contests',
    body: request('voteOfferInputSchema'),
    answer: answer<VoteOffer>(),
  },
  getContestVotePackages: { method: 'GET', path: '/admin/contests/:id/vote-packages', staff: 'contests', answer: answer<ContestVoteOffer>() },
  saveContestVotePackages: {
    method: 'PUT',
    path: '/admin/contests/:id/vote-packages',
    staff: 'contests',
    body: request('contestVoteOfferSchema'),
    answer: answer<ContestVoteOffer>(),
  },
} as const satisfies EndpointTable;
