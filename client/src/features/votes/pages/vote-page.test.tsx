import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { PAYMENT_MESSAGES } from '#contract/payments/messages';
import type { ProfileById } from '#contract/profiles/answers';
import { VOTE_MESSAGES as V } from '#contract/votes/messages';
import { browser } from '@/lib/browser';
import { activateLocale } from '@/lib/i18n/i18n';
import { paths } from '@/lib/paths';
import { deferred } from '@/testing/contest-fixtures';
import { DEMO_OFFER, meFor, SITE, sitePaying, YEN_OFFER } from '@/testing/fixtures';
import { mockNetwork, type Reply } from '@/testing/server';
import { renderApp } from '@/testing/render-app';
import { makeToken } from '@/testing/tokens';

const PROFILE = 'GET /api/v1/profiles/id/7';
const INITIATE = 'POST /api/v1/votes/initiate-payment';
const FREE_VOTE = 'POST /api/v1/contestants/vera/vote';

const VERA: ProfileById = {
  id: 7,
  username: 'vera',
  is_eliminated: false,
  picture_url: '/uploads/vera-1.jpg',
  user_details: { first_name: 'Vera', last_name: 'Voss' },
  vote_offer: DEMO_OFFER,
};

type Routes = Record<string, Reply | (() => Reply | Promise<Reply>)>;

function open(path: string, routes: Routes = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: sitePaying() },
    'GET /api/v1/users/me': { body: { ...meFor('alice'), is_competitor: false } },
    [PROFILE]: { body: VERA },
    'GET /api/v1/contestants/vera/vote-check': { body: { hasVoted: false } },
    ...routes,
  });
  return { ...renderApp(path), net };
}

const initiated = (app: ReturnType<typeof open>) => app.net.requestsTo('POST', '/api/v1/votes/initiate-payment');

async function fill(app: ReturnType<typeof open>, { name = 'Nora Night', email = 'nora@example.com' } = {}) {
  await app.user.type(await app.screen.findByRole('textbox', { name: 'Name' }), name);
  await app.user.type(app.screen.getByRole('textbox', { name: 'Email Address' }), email);
}

describe('VotePage', () => {
  let assign: jest.Spied<typeof browser.assign>;
  beforeEach(() => {
    localStorage.clear();
    toast.dismiss();
    assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
  });
  afterEach(() => assign.mockRestore());

  it('should greet with the first name and check name, e-mail and an amount of whole votes of at least $1 before sending', async () => {
    const app = open(paths.vote(7, { query: { type: 'other' } }));
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Vote for Vera' })).toBeInTheDocument();
    expect(app.screen.getByText(/every \$1 is one vote for Vera/)).toBeInTheDocument();
    expect(app.screen.getByText(/tax-deductible/)).toHaveTextContent(/children's toy-drive foundation/);
    expect(app.screen.getByRole('link', { name: 'How votes are counted' })).toHaveAttribute('href', paths.termsOfService({ hash: 'how-votes-are-counted' }));
    const amount = app.screen.getByRole('spinbutton', { name: 'Donation Amount ($)' });
    await app.user.click(app.screen.getByRole('button', { name: 'Pay' }));
    expect(await app.screen.findByText('Name is required')).toBeInTheDocument();
    expect(app.screen.getByText('Email is required')).toBeInTheDocument();
    expect(app.screen.getByText('Amount is required')).toBeInTheDocument();

    await app.user.type(app.screen.getByRole('textbox', { name: 'Email Address' }), 'nope');
    await app.user.type(amount, '0');
    await app.user.click(app.screen.getByRole('button', { name: 'Pay' }));
    expect(await app.screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(app.screen.getByText('Amount must be at least $1')).toBeInTheDocument();

    await app.user.clear(amount);
    await app.user.type(amount, '2.5');
    await app.user.click(app.screen.getByRole('button', { name: 'Pay' }));
    expect(await app.screen.findByText('Amount must be a multiple of $1, the price of one vote')).toBeInTheDocument();
    expect(initiated(app)).toHaveLength(0);
  });

  it("should send a donation as one vote per dollar with this site's return URLs, toast and go to the checkout", async () => {
    const reply = deferred<Reply>();
    const app = open(paths.vote(7, { query: { type: 'other', amount: 5 } }), { [INITIATE]: () => reply.promise });
    await fill(app);
    const amount = app.screen.getByRole('spinbutton', { name: 'Donation Amount ($)' });
    expect(amount).toHaveValue(5); // suggested by the address
    expect(app.screen.getByText(/TEST MODE — no money is taken/)).toBeInTheDocument();
    await app.user.clear(amount);
    await app.user.type(amount, '25');
    await app.user.click(app.screen.getByRole('radio', { name: 'PayPal' }));
    await app.user.click(app.screen.getByRole('button', { name: 'Pay $25' }));
    expect(await app.screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    await waitFor(() => expect(initiated(app)).toHaveLength(1));
    expect(initiated(app)[0].body).toEqual({
      profile_id: 7,
      voter_name: 'Nora Night',
      voter_email: 'nora@example.com',
      votes: 25,
      amount_paid: 25,
      payment_method: 'paypal',
      frontend_success_url: 'http://localhost/profile/vera?payment=success',
      frontend_cancel_url: 'http://localhost/profile/vera?payment=cancel',
    });
    reply.release({ body: { payment_url: 'http://localhost/test-checkout/abc' } });
    expect(await app.screen.findByText('Payment initiated! Follow the instructions to complete your vote.')).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/test-checkout/abc'), { timeout: 3000 });
  });

  it("should buy a package's base votes at its price", async () => {
    const app = open(paths.vote(7, { query: { type: 2 } }), { [INITIATE]: { body: { payment_url: 'http://localhost/test-checkout/p2' } } });
    await fill(app);
    expect(app.screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    // The server credits a package's bonus on the vote page too: the page says so.
    expect(app.screen.getByText('Donate $50 and give Vera 70 votes (50 + 20 bonus).')).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Pay $50' }));
    await waitFor(() => expect(initiated(app)).toHaveLength(1));
    expect(initiated(app)[0].body).toMatchObject({ votes: 50, amount_paid: 50, package_id: 2, payment_method: 'stripe' });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/test-checkout/p2'), { timeout: 3000 });
  });

  it.each([
    ['the detail', { status: 400, body: { detail: 'This contestant is not in the current contest' } }, 'This contestant is not in the current contest'],
    ['the fallback without one', { status: 500, body: {} }, 'Payment failed. Please try again.'],
  ])('should show %s when the payment fails, and let the voter try again', async (_name, failure, message) => {
    const app = open(paths.vote(7, { query: { type: 1 } }), { [INITIATE]: failure });
    await fill(app);
    await app.user.click(app.screen.getByRole('button', { name: 'Pay $10' }));
    expect(await app.screen.findByRole('alert')).toHaveTextContent(message);
    expect(app.screen.getByRole('button', { name: 'Pay $10' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('should cast the free vote for the contestant, with no amount asked and nothing paid', async () => {
    const app = open(paths.vote(7, { query: { type: 'free' } }), { [FREE_VOTE]: { status: 201, body: { message: 'Vote recorded', vote_id: 'v1' } } });
    expect(await app.screen.findByText(/Cast your free vote for Vera/)).toBeInTheDocument();
    expect(app.screen.queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(app.screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(app.screen.queryByText(/TEST MODE/)).not.toBeInTheDocument();
    // The rules behind the count, beside the vote.
    expect(app.screen.getByRole('link', { name: 'How votes are counted' })).toHaveAttribute('href', paths.termsOfService({ hash: 'how-votes-are-counted' }));
    await fill(app);
    const cast = app.screen.getByRole('button', { name: 'Cast Free Vote' });
    await waitFor(() => expect(cast).toBeEnabled());
    await app.user.click(cast);
    expect(await app.screen.findByText(V.counted)).toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/vote')).toHaveLength(1);
    expect(await app.screen.findByRole('button', { name: V.alreadyVotedButton })).toBeDisabled();
    expect(initiated(app)).toHaveLength(0);
  });

  it('should offer the free vote only once the check has answered, and not at all to a visitor who voted today', async () => {
    const check = deferred<Reply>();
    const app = open(paths.vote(7, { query: { type: 'free' } }), { 'GET /api/v1/contestants/vera/vote-check': () => check.promise });
    const cast = await app.screen.findByRole('button', { name: 'Checking Your Vote...' });
    expect(cast).toBeDisabled();
    expect(cast).toHaveAttribute('aria-busy', 'true');
    check.release({ body: { hasVoted: true, next_vote_at: new Date(Date.now() + 3_600_000).toISOString(), refusal: null } });
    expect(await app.screen.findByRole('button', { name: V.alreadyVotedButton })).toBeDisabled();
    expect(app.screen.getByRole('status')).toHaveTextContent(/^Your next free vote: (today|tomorrow) at /);
    expect(app.net.requestsTo('GET', '/api/v1/contestants/vera/vote-check')).toHaveLength(1);
    expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/vote')).toHaveLength(0);
  });

  it('should not offer a free vote for a contestant outside the current contest, and say why', async () => {
    const app = open(paths.vote(7, { query: { type: 'free' } }), {
      'GET /api/v1/contestants/vera/vote-check': { body: { hasVoted: false, next_vote_at: null, refusal: 'This contestant is not in the current contest' } },
    });
    expect(await app.screen.findByRole('button', { name: 'Free Vote Unavailable' })).toBeDisabled();
    expect(app.screen.getByText('This contestant is not in the current contest')).toBeInTheDocument();
  });

  it('should show a competitor the notice and keep the paid submit disabled', async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice', email: 'alice@example.com' }));
    const app = open(paths.vote(7, { query: { type: 'other' } }), { 'GET /api/v1/users/me': { body: meFor('alice') } });
    expect(await app.screen.findByText(PAYMENT_MESSAGES.competitorsNotPermitted)).toBeInTheDocument();
    expect(app.screen.getByRole('textbox', { name: 'Email Address' })).toHaveValue('alice@example.com');
    await app.user.type(app.screen.getByRole('textbox', { name: 'Name' }), 'Alice');
    await app.user.type(app.screen.getByRole('spinbutton', { name: 'Donation Amount ($)' }), '5');
    expect(app.screen.getByRole('button', { name: 'Pay $5' })).toBeDisabled();
    expect(initiated(app)).toHaveLength(0);
    app.unmount();

    // The free vote stays theirs to cast (only paid votes are refused).
    const free = open(paths.vote(7, { query: { type: 'free' } }), { 'GET /api/v1/users/me': { body: meFor('alice') } });
    const cast = await free.screen.findByRole('button', { name: 'Cast Free Vote' });
    await waitFor(() => expect(cast).toBeEnabled());
    expect(free.screen.queryByText(PAYMENT_MESSAGES.competitorsNotPermitted)).not.toBeInTheDocument();
  });

  it("should sell in the contestant's contest's currency: yen prices, a yen donation in whole votes, and no PayPal for dinars", async () => {
    const app = open(paths.vote(7, { query: { type: 'other' } }), { [PROFILE]: { body: { ...VERA, vote_offer: YEN_OFFER } } });
    await fill(app);
    expect(app.screen.getByText(/every ¥150 is one vote for Vera/)).toBeInTheDocument();
    const amount = app.screen.getByRole('spinbutton', { name: 'Donation Amount (¥)' });
    await app.user.type(amount, '200');
    await app.user.click(app.screen.getByRole('button', { name: 'Pay' }));
    expect(await app.screen.findByText('Amount must be a multiple of ¥150, the price of one vote')).toBeInTheDocument();
    await app.user.clear(amount);
    await app.user.type(amount, '450');
    await app.user.click(app.screen.getByRole('button', { name: 'Pay ¥450' }));
    await waitFor(() => expect(initiated(app)).toHaveLength(1));
    expect(initiated(app)[0].body).toMatchObject({ votes: 3, amount_paid: 450 });
    app.unmount();

    const pack = open(paths.vote(7, { query: { type: 9 } }), { [PROFILE]: { body: { ...VERA, vote_offer: YEN_OFFER } } });
    expect(await pack.screen.findByText('Donate ¥1,500 and give Vera 12 votes (10 + 2 bonus).')).toBeInTheDocument();
    pack.unmount();

    const dinars = { currency: 'KWD', donation_vote_price: 500, packages: [{ id: 11, votes: 10, bonus: 0, price_minor: 5000 }] };
    const kwd = open(paths.vote(7, { query: { type: 11 } }), { [PROFILE]: { body: { ...VERA, vote_offer: dinars } } });
    expect(await kwd.screen.findByRole('radio', { name: 'Card (Stripe)' })).toBeInTheDocument();
    expect(kwd.screen.queryByRole('radio', { name: 'PayPal' })).not.toBeInTheDocument();
  });

  it('should tell an old link to a package no longer offered so, with the ways left to vote', async () => {
    const app = open(paths.vote(7, { query: { type: 4 } }), { [PROFILE]: { body: { ...VERA, vote_offer: YEN_OFFER } } });
    expect(await app.screen.findByText(PAYMENT_MESSAGES.retiredPackage)).toBeInTheDocument();
    expect(app.screen.getByRole('link', { name: 'Donate an amount of your own' })).toHaveAttribute('href', paths.vote(7, { query: { type: 'other' } }));
    expect(app.screen.queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
  });

  it("should use the site's offer for a contestant in no contest", async () => {
    const app = open(paths.vote(7, { query: { type: 1 } }), { [PROFILE]: { body: { ...VERA, vote_offer: null } } });
    expect(await app.screen.findByText('Donate $10 and give Vera 12 votes (10 + 2 bonus).')).toBeInTheDocument();
  });

  it('should keep paid votes disabled when no payment method is offered', async () => {
    const app = open(paths.vote(7, { query: { type: 1 } }), { 'GET /api/v1/site': { body: SITE } });
    expect(await app.screen.findByText('Paid votes are not available right now')).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Pay $10' })).toBeDisabled();
  });

  it('should say Failed to load profile details. when the profile cannot be read, and Profile not found for an unknown one', async () => {
    const failing = open(paths.vote(7, { query: { type: 'free' } }), { [PROFILE]: { status: 500, body: {} } });
    expect(await failing.screen.findByRole('alert')).toHaveTextContent('Failed to load profile details.');
    failing.unmount();

    const unknown = open(paths.vote(7, { query: { type: 'free' } }), { [PROFILE]: { status: 404, body: { detail: 'Profile not found' } } });
    expect(await unknown.screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(unknown.screen.queryByRole('button', { name: 'Cast Free Vote' })).not.toBeInTheDocument();
  });
});

describe('VotePage, what a purchase supports', () => {
  it("should name the charity's share of a purchase and link to its site, as the site's settings say", async () => {
    const site = { ...sitePaying(), charity_name: 'Toy Drive Fund', charity_share: 80, charity_url: 'https://toys.example/' };
    const app = open(paths.vote(7, { query: { type: 2 } }), { 'GET /api/v1/site': { body: site } });
    expect(await app.screen.findByRole('link', { name: 'Toy Drive Fund' })).toHaveAttribute('href', 'https://toys.example/');
    expect(app.screen.getByText(/^80% of your purchase goes to/)).toHaveTextContent('80% of your purchase goes to Toy Drive Fund.');
  });

  it('should say nothing of a share when the charity gets none, and name it without a link when it has no site', async () => {
    const none = open(paths.vote(7, { query: { type: 'other' } }), { 'GET /api/v1/site': { body: { ...sitePaying(), charity_share: 0 } } });
    expect(await none.screen.findByRole('heading', { level: 1, name: 'Vote for Vera' })).toBeInTheDocument();
    expect(none.screen.queryByText(/of your purchase goes to/)).not.toBeInTheDocument();
    none.unmount();

    const plain = open(paths.vote(7, { query: { type: 'other' } }), {
      'GET /api/v1/site': { body: { ...sitePaying(), charity_share: 100, charity_url: null } },
    });
    expect(await plain.screen.findByText('100% of your purchase goes to our partner charity.')).toBeInTheDocument();
  });
});

describe('VotePage when free votes are by account', () => {
  beforeEach(() => localStorage.clear());
  const byAccount = { ...sitePaying(), vote_identity: 'account' as const, sign_in_providers: ['google' as const] };

  it('should ask a signed-out visitor to sign in, with the providers and the password sign-in coming back here, and send no vote', async () => {
    const app = open(paths.vote(7, { query: { type: 'free' } }), { 'GET /api/v1/site': { body: byAccount } });
    expect(await app.screen.findByRole('heading', { name: V.signInToVote })).toBeInTheDocument();
    expect(app.screen.getByText(V.signInToVoteDetail)).toBeInTheDocument();
    expect(app.screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      `/api/v1/auth/oidc/google/start?return_to=${encodeURIComponent(paths.vote(7, { query: { type: 'free' } }))}`,
    );
    expect(app.screen.getByRole('link', { name: 'Sign in with your password' })).toHaveAttribute('href', paths.login());
    expect(app.screen.queryByRole('button', { name: 'Cast Free Vote' })).not.toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/vote')).toHaveLength(0);
  });

  it('should offer the free vote to a signed-in voter', async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    const app = open(paths.vote(7, { query: { type: 'free' } }), { 'GET /api/v1/site': { body: byAccount } });
    expect(await app.screen.findByRole('button', { name: 'Cast Free Vote' })).toBeInTheDocument();
    expect(app.screen.queryByRole('heading', { name: V.signInToVote })).not.toBeInTheDocument();
  });

  it('should ask in Portuguese too', async () => {
    await act(() => activateLocale('pt-BR'));
    try {
      const app = open(paths.vote(7, { query: { type: 'free' } }), { 'GET /api/v1/site': { body: byAccount } });
      expect(await app.screen.findByRole('heading', { name: 'Entre para dar seu voto grátis' })).toBeInTheDocument();
      expect(app.screen.getByRole('link', { name: 'Entrar com sua senha' })).toBeInTheDocument();
    } finally {
      await act(() => activateLocale('en'));
    }
  });
});

describe('VotePage in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    await activateLocale('pt-BR');
  });
  afterEach(async () => {
    await act(() => activateLocale('en'));
  });

  it("should greet, price the package in the offer's currency and ask for the voter in Portuguese", async () => {
    const app = open(paths.vote(7, { query: { type: 2 } }));
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Vote em Vera' })).toBeInTheDocument();
    expect(app.screen.getByText(/^Doe US\$\s50 e dê a Vera 70 votos \(50 \+ 20 de bônus\)\.$/)).toBeInTheDocument();
    expect(await app.screen.findByRole('textbox', { name: 'Nome' })).toBeInTheDocument();
    expect(app.screen.getByRole('textbox', { name: 'Endereço de e-mail' })).toBeInTheDocument();
    expect(app.screen.getByText('100% da sua compra vai para our partner charity.')).toBeInTheDocument();
    expect(await app.screen.findByRole('button', { name: /^Pagar US\$\s50$/ })).toBeInTheDocument();
    expect(app.screen.getByRole('link', { name: 'Como os votos são contados' })).toBeInTheDocument();
    expect(app.screen.getByText('Voltar ao perfil de Vera')).toBeInTheDocument();
  });

  it('should offer the free vote in Portuguese', async () => {
    const app = open(paths.vote(7, { query: { type: 'free' } }));
    expect(await app.screen.findByText('Dê seu voto grátis para Vera. Todo mundo ganha um voto grátis a cada 24 horas.')).toBeInTheDocument();
    expect(await app.screen.findByRole('button', { name: 'Dar voto grátis' })).toBeEnabled();
  });
});
