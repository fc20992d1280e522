import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { toast } from 'sonner';
import { waitFor, within } from '@testing-library/react';
import { PAYMENT_MESSAGES } from '#contract/payments/messages';
import { browser } from '@/lib/browser';
import { paths } from '@/lib/paths';
import { deferred } from '@/testing/contest-fixtures';
import { meFor, SITE, sitePaying } from '@/testing/fixtures';
import { mockNetwork, type Reply } from '@/testing/server';
import { renderApp } from '@/testing/render-app';
import { makeToken } from '@/testing/tokens';
import { makeCountdown, makeProfile } from '@/testing/vote-fixtures';

const BUY = 'POST /api/v1/contestants/vera/buy-votes';
const fan = { ...meFor('alice'), is_competitor: false };

type Routes = Record<string, Reply | (() => Reply | Promise<Reply>)>;

function open(routes: Routes = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: sitePaying() },
    'GET /api/v1/users/me': { body: fan },
    'GET /api/v1/contestants/vera': { body: makeProfile() },
    'POST /api/v1/contestants/vera/increment-views': { body: { profile_views: 9 } },
    'GET /api/v1/admin/current-contest/countdown': { body: makeCountdown('2030-10-10T12:00:00.000Z', '2030-10-01T00:00:00.000Z', null) },
    'GET /api/v1/contestants/vera/vote-check': { body: { hasVoted: false } },
    ...routes,
  });
  return { ...renderApp(paths.profile('vera')), net };
}

/** Opens the dialog of the package whose card is named `title` ('12 Votes', '70 Votes', ...). */
async function buy(app: ReturnType<typeof open>, title = '12 Votes') {
  const card = await app.screen.findByRole('listitem', { name: title });
  const button = within(card).getByRole('button', { name: 'Buy Now' });
  await waitFor(() => expect(button).toBeEnabled());
  await app.user.click(button);
  return app.screen.findByRole('dialog');
}

describe('Buy-votes dialog', () => {
  let assign: jest.Spied<typeof browser.assign>;
  beforeEach(() => {
    localStorage.clear();
    toast.dismiss();
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => assign.mockRestore());

  it('should show the title, the breakdown, the receipt e-mail of the signed-in user and the offered methods in TEST MODE', async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice', email: 'alice@example.com' }));
    const app = open();
    const dialog = await buy(app, '70 Votes');
    expect(within(dialog).getByRole('heading', { name: 'Buy 70 Votes' })).toBeInTheDocument();
    const row = (term: string) => within(dialog).getByText(term).parentElement!;
    expect(row('Base votes')).toHaveTextContent('50');
    expect(row('Bonus votes')).toHaveTextContent('+20');
    expect(row('Total votes')).toHaveTextContent('70');
    expect(row('Amount due')).toHaveTextContent('$50');
    // Paid votes are a donation, said here as the vote page says it.
    expect(within(dialog).getByText(/^Paid votes are donations to /)).toHaveTextContent(
      /^Paid votes are donations to .+, with .+ as beneficiary, and are tax-deductible/,
    );
    // Focus starts in the form (the × comes last in the tab order).
    expect(within(dialog).getByRole('textbox', { name: 'Receipt email' })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: 'Receipt email' })).toHaveValue('alice@example.com');
    expect(within(dialog).getByRole('textbox', { name: 'Receipt email' })).toHaveAttribute('type', 'email');
    const methods = within(dialog).getByRole('group', { name: /Payment method/ });
    expect(
      within(methods)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['stripe', 'paypal']);
    expect(within(methods).getByRole('radio', { name: 'Card (Stripe)' })).toBeChecked();
    expect(within(methods).getByText('Test mode')).toBeInTheDocument();
    expect(within(dialog).getByText(/TEST MODE — no money is taken/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Pay $50' })).toBeEnabled();
    expect(within(dialog).getByRole('link', { name: 'How votes are counted' })).toHaveAttribute(
      'href',
      paths.termsOfService({ hash: 'how-votes-are-counted' }),
    );
  });

  it('should offer only the methods GET /site lists, and no Test mode badge outside TEST MODE', async () => {
    const app = open({ 'GET /api/v1/site': { body: sitePaying(['paypal'], false) } });
    const dialog = await buy(app);
    expect(within(dialog).getAllByRole('radio')).toHaveLength(1);
    expect(within(dialog).getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(within(dialog).queryByText('Test mode')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/TEST MODE/)).not.toBeInTheDocument();
  });

  it("should send the package, e-mail, method, this site's return URLs and the price, say Processing... and go to the checkout", async () => {
    const reply = deferred<Reply>();
    const app = open({ [BUY]: () => reply.promise });
    const dialog = await buy(app);
    const email = within(dialog).getByRole('textbox', { name: 'Receipt email' });
    expect(email).toHaveValue(''); // a visitor: nothing to prefill
    await app.user.type(email, 'fan@example.com');
    await app.user.click(within(dialog).getByRole('radio', { name: 'PayPal' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Pay $10' }));

    expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await waitFor(() => expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/buy-votes')).toHaveLength(1));
    expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/buy-votes')[0].body).toEqual({
      contestant_id: 7,
      num_votes: 10,
      payer_email: 'fan@example.com',
      payment_method: 'paypal',
      frontend_success_url: 'http://localhost/profile/vera?payment=success',
      frontend_cancel_url: 'http://localhost/profile/vera?payment=cancel',
      amount_expected: 10,
    });
    // Escape does nothing while the request runs.
    await app.user.keyboard('{Escape}');
    expect(app.screen.getByRole('dialog')).toBeInTheDocument();

    reply.release({ body: { payment_url: 'https://checkout.example.com/pay/abc' } });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example.com/pay/abc'));
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it.each([
    ['the detail', { status: 403, body: { detail: PAYMENT_MESSAGES.competitorsNotPermitted } }, PAYMENT_MESSAGES.competitorsNotPermitted],
    ['the fallback without a detail', { status: 500, body: {} }, 'Failed to initiate payment'],
    ['No payment URL received for an answer without one', { status: 200, body: {} }, 'No payment URL received'],
  ])('should show %s and be enabled again', async (_name, answer, message) => {
    const app = open({ [BUY]: answer });
    const dialog = await buy(app);
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Receipt email' }), 'fan@example.com');
    await app.user.click(within(dialog).getByRole('button', { name: 'Pay $10' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('button', { name: 'Pay $10' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('should ask for a valid receipt e-mail before sending anything', async () => {
    const app = open();
    const dialog = await buy(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Pay $10' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    await app.user.type(within(dialog).getByRole('textbox', { name: 'Receipt email' }), 'not-an-email');
    await app.user.click(within(dialog).getByRole('button', { name: 'Pay $10' }));
    expect(await within(dialog).findByText('Invalid email address')).toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/buy-votes')).toHaveLength(0);
  });

  it('should close on Escape, on the × button and on a click outside', async () => {
    const app = open();
    await buy(app);
    await app.user.keyboard('{Escape}');
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());

    const dialog = await buy(app, '150 Votes');
    await app.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());

    const again = await buy(app);
    await app.user.click(again.parentElement!); // the overlay around the dialog
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('should keep Buy Now disabled, saying why, for a competitor and when no payment method is offered', async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    const competitor = open({ 'GET /api/v1/users/me': { body: meFor('alice') } });
    expect(await competitor.screen.findByText(PAYMENT_MESSAGES.competitorsNotPermitted)).toBeInTheDocument();
    for (const button of competitor.screen.getAllByRole('button', { name: 'Buy Now' })) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(PAYMENT_MESSAGES.competitorsNotPermitted);
    }
    competitor.unmount();

    localStorage.clear();
    const off = open({ 'GET /api/v1/site': { body: SITE } });
    expect(await off.screen.findByText('Paid votes are not available right now')).toBeInTheDocument();
    for (const button of off.screen.getAllByRole('button', { name: 'Buy Now' })) expect(button).toBeDisabled();
  });
});
