import { beforeEach, describe, expect, it } from '@jest/globals';
import { toast } from 'sonner';
import { waitFor } from '@testing-library/react';
import type { CaptureResponse } from '#contract/payments/answers';
import { paths } from '@/lib/paths';
import { deferred } from '@/testing/contest-fixtures';
import { sitePaying } from '@/testing/fixtures';
import { mockNetwork, type Reply } from '@/testing/server';
import { currentPath, idle, renderApp } from '@/testing/render-app';
import { makeCountdown, makeProfile } from '@/testing/vote-fixtures';

const PROFILE = 'GET /api/v1/contestants/vera';
const PAYPAL = 'POST /api/v1/webhooks/paypal/capture';
const STRIPE = 'POST /api/v1/payments/stripe/capture';

const captured = (over: Partial<CaptureResponse> = {}): CaptureResponse => ({
  payment_id: 'p1',
  status: 'paid',
  votes: 12,
  username: 'vera',
  message: 'Payment successful! Votes have been added.',
  ...over,
});

type Routes = Record<string, Reply | (() => Reply | Promise<Reply>)>;

function open(path: string, routes: Routes = {}, strict = false) {
  let served = 0;
  const net = mockNetwork({
    'GET /api/v1/site': { body: sitePaying() },
    // The second read (the reload after a capture) has the bought votes.
    [PROFILE]: () => ({ body: served++ === 0 ? makeProfile() : makeProfile({ total_votes: 132, paid_votes: 32 }) }),
    'POST /api/v1/contestants/vera/increment-views': { body: { profile_views: 9 } },
    'GET /api/v1/admin/current-contest/countdown': { body: makeCountdown('2030-10-10T12:00:00.000Z', '2030-10-01T00:00:00.000Z', null) },
    [PAYPAL]: { body: captured() },
    [STRIPE]: { body: captured() },
    ...routes,
  });
  return { ...renderApp(path, { strict }), net };
}

const profileReads = (app: ReturnType<typeof open>) => app.net.requestsTo('GET', '/api/v1/contestants/vera').length;

describe('Payment return on the profile page', () => {
  beforeEach(() => {
    localStorage.clear();
    // Toasts outlive a test in sonner's store: none of an earlier test may show up here.
    toast.dismiss();
  });

  it('should capture a PayPal return once (StrictMode), say so, clear the query and reload the profile', async () => {
    const reply = deferred<Reply>();
    const app = open(
      paths.profile('vera', { query: { payment: 'success', token: 'ORDER-1', PayerID: 'X9', ref: 'share' } }),
      { [PAYPAL]: () => reply.promise },
      true,
    );
    expect(await app.screen.findByText('Processing your PayPal payment...')).toBeInTheDocument();
    // The return's own parameters go at once; others stay.
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.profile('vera', { query: { ref: 'share' } })));
    expect(app.router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(app.net.requestsTo('POST', '/api/v1/webhooks/paypal/capture')).toHaveLength(1));
    expect(app.net.requestsTo('POST', '/api/v1/webhooks/paypal/capture')[0].body).toEqual({ order_id: 'ORDER-1' });
    expect(await app.screen.findByText('120')).toBeInTheDocument();

    reply.release({ body: captured() });
    expect(await app.screen.findByText('Payment completed successfully!')).toBeInTheDocument();
    // One success message, not two saying the same.
    expect(app.screen.queryByText('Payment successful! Votes have been added.')).not.toBeInTheDocument();
    expect(await app.screen.findByText('132')).toBeInTheDocument(); // reloaded
    expect(app.screen.getByText(/100 free · 32 paid/)).toBeInTheDocument();
    // A second capture would follow the first at once: give it the time to, then check again.
    await idle(200);
    expect(app.net.requestsTo('POST', '/api/v1/webhooks/paypal/capture')).toHaveLength(1);
    expect(app.net.requestsTo('POST', '/api/v1/payments/stripe/capture')).toHaveLength(0);
  });

  it('should capture a Stripe return with its session id, on the 2025 address too', async () => {
    const app = open(paths.profile2025('vera', { query: { payment: 'success', session_id: 'cs_test_42' } }), {}, true);
    expect(await app.screen.findByText('Processing your Stripe payment...')).toBeInTheDocument();
    expect(await app.screen.findByText('Payment completed successfully!')).toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/payments/stripe/capture')).toHaveLength(1);
    expect(app.net.requestsTo('POST', '/api/v1/payments/stripe/capture')[0].body).toEqual({ session_id: 'cs_test_42' });
    expect(currentPath(app.router)).toBe(paths.profile2025('vera'));
    await waitFor(() => expect(profileReads(app)).toBe(2));
    expect(app.net.requestsTo('POST', '/api/v1/webhooks/paypal/capture')).toHaveLength(0);
  });

  it.each([
    ['PayPal', 'token=ORDER-1', PAYPAL, { status: 400, body: { detail: 'This payment has not been completed' } }, 'This payment has not been completed'],
    ['PayPal', 'token=ORDER-1', PAYPAL, { status: 500, body: {} }, 'Failed to complete PayPal payment.'],
    ['Stripe', 'session_id=cs_1', STRIPE, { status: 404, body: { detail: 'Payment not found' } }, 'Payment not found'],
    ['Stripe', 'session_id=cs_1', STRIPE, { status: 502, body: {} }, 'Failed to complete Stripe payment.'],
  ])('should show a failed %s capture (%s) as the detail or the fallback, and not reload', async (_provider, param, route, failure, message) => {
    const app = open(`${paths.profile('vera', { query: { payment: 'success' } })}&${param}`, { [route]: failure });
    expect(await app.screen.findByText(message)).toBeInTheDocument();
    expect(app.screen.queryByText('Payment completed successfully!')).not.toBeInTheDocument();
    expect(currentPath(app.router)).toBe(paths.profile('vera'));
    await idle(100);
    expect(profileReads(app)).toBe(1);
  });

  it.each([
    ['completed', { body: captured() }, 'Payment completed successfully!'],
    ['failed', { status: 502, body: {} }, 'Failed to complete Stripe payment.'],
  ])("should show one toast for a return: 'Processing...' becomes the outcome when the capture has %s", async (_outcome, answer, message) => {
    const reply = deferred<Reply>();
    const app = open(paths.profile('vera', { query: { payment: 'success', session_id: 'cs_1' } }), { [STRIPE]: () => reply.promise });
    expect(await app.screen.findByText('Processing your Stripe payment...')).toBeInTheDocument();
    reply.release(answer);
    expect(await app.screen.findByText(message)).toBeInTheDocument();
    expect(app.screen.queryByText('Processing your Stripe payment...')).not.toBeInTheDocument();
    expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1);
    // At the bottom of the screen, away from the page's title at the top.
    expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'bottom');
  });

  it('should say a cancelled payment took no money, capture nothing and clear the query', async () => {
    const app = open(paths.profile('vera', { query: { payment: 'cancel' } }), {}, true);
    expect(await app.screen.findByText('Payment was cancelled. You have not been charged.')).toBeInTheDocument();
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.profile('vera')));
    expect(app.screen.getAllByText('Payment was cancelled. You have not been charged.')).toHaveLength(1);
    expect(app.net.requestsTo('POST', '/api/v1/webhooks/paypal/capture')).toHaveLength(0);
    expect(app.net.requestsTo('POST', '/api/v1/payments/stripe/capture')).toHaveLength(0);
  });

  it('should do nothing on a profile opened without a payment query', async () => {
    const app = open(paths.profile('vera'));
    expect(await app.screen.findByText('120')).toBeInTheDocument();
    await idle(100);
    expect(app.net.requests.filter((r) => r.method === 'POST' && r.path.includes('capture'))).toHaveLength(0);
    expect(app.screen.queryByText(/Payment/)).not.toBeInTheDocument();
  });
});
