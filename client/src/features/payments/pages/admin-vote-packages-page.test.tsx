import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { act, waitFor, within } from '@testing-library/react';
import type { ContestVoteOffer, VoteOffer } from '#contract/payments/answers';
import { VOTE_PACKAGE_MESSAGES as M } from '#contract/payments/messages';
import { paths } from '@/lib/paths';
import { adminToken } from '@/testing/contest-fixtures';
import { DEMO_OFFER, SITE } from '@/testing/fixtures';
import { mockNetwork, type RecordedRequest, type Reply } from '@/testing/server';
import { renderApp } from '@/testing/render-app';
import { activateLocale } from '@/lib/i18n/i18n';

const SITE_OFFER = 'GET /api/v1/admin/vote-packages';
const SAVE_SITE = 'PUT /api/v1/admin/vote-packages';
const CONTEST_OFFER = 'GET /api/v1/admin/contests/3/vote-packages';
const SAVE_CONTEST = 'PUT /api/v1/admin/contests/3/vote-packages';

type Routes = Record<string, Reply | ((call: RecordedRequest) => Reply | Promise<Reply>)>;

function open(path: string, routes: Routes = {}) {
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, [SITE_OFFER]: { body: DEMO_OFFER }, ...routes });
  return { ...renderApp(path), net };
}

describe('AdminVotePackagesPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
  });

  it("should edit the site's packages with a live preview as fans see it, and save them in minor units", async () => {
    const saved: VoteOffer = { currency: 'JPY', donation_vote_price: 150, packages: [{ id: 1, votes: 10, bonus: 2, price_minor: 1500 }] };
    const app = open(paths.admin.votePackages(), { [SAVE_SITE]: { body: saved } });
    expect(await app.screen.findByRole('heading', { name: 'Vote packages', level: 1 })).toBeInTheDocument();
    const preview = await app.screen.findByRole('region', { name: 'What fans see' });
    expect(within(preview).getByText('$10')).toBeInTheDocument();
    expect(within(preview).getByText(/every \$1 is one vote/)).toBeInTheDocument();

    // Three packages go, the first becomes yen.
    for (const n of [4, 3, 2]) await app.user.click(app.screen.getByRole('button', { name: `Remove package ${n}` }));
    expect(app.screen.getByRole('button', { name: 'Remove package 1' })).toBeDisabled();
    await app.user.selectOptions(app.screen.getByRole('combobox', { name: 'Currency' }), 'JPY');
    const price = app.screen.getByRole('spinbutton', { name: 'Price (JPY)' });
    await app.user.clear(price);
    await app.user.type(price, '1500');
    const donation = app.screen.getByRole('spinbutton', { name: 'Price of one donated vote' });
    await app.user.clear(donation);
    await app.user.type(donation, '150');
    expect(within(app.screen.getByRole('region', { name: 'What fans see' })).getByText('¥1,500')).toBeInTheDocument();

    await app.user.click(app.screen.getByRole('button', { name: 'Save vote packages' }));
    await waitFor(() => expect(app.net.requestsTo('PUT', '/api/v1/admin/vote-packages')).toHaveLength(1));
    expect(app.net.requestsTo('PUT', '/api/v1/admin/vote-packages')[0].body).toEqual({
      currency: 'JPY',
      donation_vote_price: 150,
      packages: [{ id: 1, votes: 10, bonus: 2, price_minor: 1500 }],
    });
    expect(await app.screen.findByText(M.saved)).toBeInTheDocument();
  });

  it('should add a package, refuse a price off the currency and two packages of the same votes at their fields, sending nothing', async () => {
    const app = open(paths.admin.votePackages());
    await app.user.click(await app.screen.findByRole('button', { name: 'Add a package' }));
    const fifth = app.screen.getByRole('listitem', { name: 'Package 5' });
    await app.user.type(within(fifth).getByRole('spinbutton', { name: 'Votes' }), '10');
    const price = within(fifth).getByRole('spinbutton', { name: 'Price (USD)' });
    await app.user.type(price, '9.999');
    await app.user.click(app.screen.getByRole('button', { name: 'Save vote packages' }));
    expect(await within(fifth).findByText('Enter an amount of USD with at most 2 decimals')).toBeInTheDocument();
    await app.user.clear(price);
    await app.user.type(price, '9.99');
    await app.user.click(app.screen.getByRole('button', { name: 'Save vote packages' }));
    expect(await within(fifth).findByText(M.duplicateVotes)).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', '/api/v1/admin/vote-packages')).toHaveLength(0);
    // Two packages of 10 votes: no preview of an offer that cannot be saved.
    expect(app.screen.getByText(/The preview shows once/)).toBeInTheDocument();
  });

  it('should say when the packages cannot be loaded, and try again', async () => {
    const app = open(paths.admin.votePackages(), { [SITE_OFFER]: { status: 500, body: {} } });
    expect(await app.screen.findByText(M.loadFailed)).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("should let a contest sell its own packages, starting from a copy of the site's, and go back to the site's", async () => {
    const following: ContestVoteOffer = { contest_id: 3, own: null, site: DEMO_OFFER };
    const own: VoteOffer = { currency: 'KWD', donation_vote_price: 250, packages: [{ id: 12, votes: 10, bonus: 0, price_minor: 5120 }] };
    const app = open(paths.admin.contestVotePackages(3), {
      [CONTEST_OFFER]: { body: following },
      [SAVE_CONTEST]: (call) => ({ body: { ...following, own: (call.body as { offer: VoteOffer | null }).offer ? own : null } }),
    });
    expect(await app.screen.findByText("This contest sells the site's vote packages.")).toBeInTheDocument();
    expect(app.screen.getByRole('region', { name: "The site's packages, as fans see them" })).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('checkbox', { name: 'This contest sells its own vote packages' }));
    await app.user.selectOptions(app.screen.getByRole('combobox', { name: 'Currency' }), 'KWD');
    expect(app.screen.getByText('PayPal takes no payments in KWD: fans pay by card.')).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: "Save this contest's packages" }));
    await waitFor(() => expect(app.net.requestsTo('PUT', '/api/v1/admin/contests/3/vote-packages')).toHaveLength(1));
    // The site's packages are copied as new ones of the contest (no ids), priced in dinars' thousandths.
    expect(app.net.requestsTo('PUT', '/api/v1/admin/contests/3/vote-packages')[0].body).toEqual({
      offer: {
        currency: 'KWD',
        donation_vote_price: 1000,
        packages: DEMO_OFFER.packages.map((p) => ({ votes: p.votes, bonus: p.bonus, price_minor: p.price_minor * 10 })),
      },
    });
  });
});

describe('AdminVotePackagesPage in Brazilian Portuguese', () => {
  beforeEach(async () => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
    await activateLocale('pt-BR');
  });
  // The page still shown hears the language change: inside act, like any update of a test.
  afterEach(() => act(() => activateLocale('en')));

  it('should edit the packages in Portuguese, with the preview in the app language', async () => {
    const app = open(paths.admin.votePackages());
    expect(await app.screen.findByRole('heading', { name: 'Pacotes de votos', level: 1 })).toBeInTheDocument();
    const preview = await app.screen.findByRole('region', { name: 'O que os fãs veem' });
    expect(within(preview).getByText(/cada US\$\s1 vale um voto/)).toBeInTheDocument();
    expect(app.screen.getByRole('combobox', { name: 'Moeda' })).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Remover pacote 1' })).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Salvar pacotes de votos' })).toBeInTheDocument();
  });
});
