// The server's drawing of a public page (entry-server.tsx), run as the server build runs it: the matched
// routes' loaders fetch the page's data through a `fetch` handed in, then the page is rendered once.
// What it hands the browser must be what it drew (a hydration that meets other numbers than the HTML
// shows is a mismatch), the loaders must fetch everything the page draws, its title goes to the
// document's head, and the route table names each page's query parameters.
import { beforeAll, describe, expect, it } from '@jest/globals';
import { act, render as mount, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { ContestantProfile } from '#contract/profiles/answers';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { makeStore } from '@/app/store';
import { primeApiCache } from '@/lib/api/api';
import { paths } from '@/lib/paths';
import { FakeSocket } from '@/testing/fake-socket';
import { QUESTIONS, SITE } from '@/testing/fixtures';
import { mockNetwork } from '@/testing/server';
import { tallyOf } from '@/testing/tally';
import { makeCountdown, makeItem, makeProfile } from '@/testing/vote-fixtures';

let entry: typeof import('./entry-server');
beforeAll(async () => {
  // The test DOM gets React's server renderer for browsers, which schedules its work over a MessageChannel
  // it never closes; this one passes its messages on the next turn instead, holding nothing open.
  class Channel {
    readonly port1: { onmessage: (() => void) | null } = { onmessage: null };
    readonly port2 = { postMessage: () => void setTimeout(() => this.port1.onmessage?.(), 0) };
  }
  Object.assign(globalThis, { MessageChannel: Channel });
  entry = await import('./entry-server');
});

const NOW = Date.now();
/** A day as the chart and its table name it ('Nov 20', UTC). */
const formatDay = (start: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(new Date(start));
const at = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();
const DAY = 86_400_000;
/** Vera's profile as the vote page reads it (GET /profiles/id/7). */
const VERA_BY_ID = {
  id: 7,
  username: 'vera',
  is_eliminated: false,
  picture_url: null,
  user_details: { first_name: 'Vera', last_name: 'Voss' },
  vote_offer: null,
};

/** The start of the UTC day `days` from today, as the API writes it. */
const dayStart = (days: number) => new Date((Math.floor(NOW / DAY) + days) * DAY).toISOString().replace('.000Z', 'Z');
const HISTORY = '/api/v1/contestants/vera/votes-over-time';
/** Vera's votes per day: 3 free and 12 paid two days ago, none yesterday, 2 free and 1 voided today. */
const SERIES = {
  bucket: 'day',
  points: [
    { start: dayStart(-2), free: 3, paid: 12, voided: 0 },
    { start: dayStart(-1), free: 0, paid: 0, voided: 0 },
    { start: dayStart(0), free: 2, paid: 0, voided: 1 },
  ],
};

/** The API in-process, as the server hands it to the drawing: `answers` by path; 404 for the rest. */
function api(answers: Record<string, () => unknown>) {
  const asked: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://site.test').pathname;
    asked.push(path);
    const answer = answers[path];
    return answer
      ? new Response(JSON.stringify(answer()), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ detail: 'Not Found' }), { status: 404, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, asked };
}

/** The answer the drawing handed over for one endpoint. */
function handedOver<T>(data: { api: { queries: Record<string, { endpointName?: string; data?: unknown } | undefined> } }, endpoint: string): T | undefined {
  return Object.values(data.api.queries).find((q) => q?.endpointName === endpoint)?.data as T | undefined;
}

describe('the server drawing (entry-server)', () => {
  it('should read each answer once, before its one render, and hand the browser the answers it drew', async () => {
    // Votes are counted while the page is drawn: each read of the profile has five more.
    let reads = 0;
    const { fetch, asked } = api({
      '/api/v1/site': () => SITE,
      '/api/v1/contestants/vera': () => makeProfile({ total_votes: 120 + 5 * reads++ }),
      '/api/v1/admin/current-contest/countdown': () => makeCountdown(at(0), at(-DAY), at(2 * DAY)),
    });
    const drawn = (await entry.render(paths.profile('vera'), { fetch, origin: 'http://site.test' }))!;
    expect(asked.filter((path) => path === '/api/v1/contestants/vera')).toHaveLength(1);
    const total = handedOver<ContestantProfile>(drawn.data, 'getContestantProfile')?.total_votes;
    expect(total).toBe(120);
    expect(drawn.html).toContain(`>${total}</span>`);
  });

  it("should take the page's <title> out of its markup for the head: the contestant's name", async () => {
    const { fetch } = api({
      '/api/v1/site': () => SITE,
      '/api/v1/contestants/vera': () => makeProfile(),
      '/api/v1/admin/current-contest/countdown': () => makeCountdown(at(0), at(-DAY), at(2 * DAY)),
    });
    const drawn = (await entry.render(paths.profile('vera', { query: { payment: 'success', session_id: 'cs_1' } }), { fetch, origin: 'http://site.test' }))!;
    expect(drawn.title).toBe('<title>Vera Voss | ScreamStage</title>');
    expect(drawn.html).not.toContain('<title>');
    expect(drawn.html).toContain('Vera Voss');
  });

  it("should title a page in the reader's language, drawn or not (the route manifest's titles)", async () => {
    const { fetch } = api({ '/api/v1/site': () => SITE });
    const drawn = (await entry.render(paths.termsOfService(), { fetch, origin: 'http://site.test', locale: 'pt-BR' }))!;
    expect(drawn.title).toBe('<title>Termos de Serviço | ScreamStage</title>');
    const english = (await entry.render(paths.termsOfService(), { fetch, origin: 'http://site.test' }))!;
    expect(english.title).toBe('<title>Terms of Service | ScreamStage</title>');
    const login = (await entry.routeTable()).find((route) => route.pattern === paths.login.pattern)!;
    expect(entry.titlesOf(login.handle.title!)).toEqual({ en: 'Sign In', 'pt-BR': 'Entrar' });
  });

  it("should give a profile's preview tags from the answers its loader fetched, and 404 for a profile of no one", async () => {
    const countdown = makeCountdown(at(0), at(-DAY), at(2 * DAY));
    const profile = makeProfile({ total_votes: 1204 });
    const { fetch } = api({
      '/api/v1/site': () => SITE,
      '/api/v1/contestants/vera': () => profile,
      '/api/v1/admin/current-contest/countdown': () => countdown,
    });
    const drawn = (await entry.render(paths.profile('vera'), { fetch, origin: 'https://site.test' }))!;
    expect(drawn.status).toBe(200);
    expect(drawn.head).toContain('<meta property="og:title" content="Vera Voss" />');
    expect(drawn.head).toContain('<meta property="og:url" content="https://site.test/profile/vera" />');
    expect(drawn.head).toMatch(/<meta property="og:image" content="https:\/\/site\.test\/api\/v1\/share-cards\/vera\.png\?v=[0-9a-f]{12}" \/>/);
    expect(drawn.head).toContain('with 1,204 votes. Vote for Vera on ScreamStage.');
    // The same without drawing the page: what the server sends while the drawings are busy.
    expect(await entry.head(paths.profile('vera'), { fetch, origin: 'https://site.test' })).toEqual({ head: drawn.head, status: 200 });
    const nobody = (await entry.render(paths.profile('nobody'), { fetch, origin: 'https://site.test' }))!;
    expect([nobody.status, nobody.head]).toEqual([404, null]);
    // Pages without a meta of their own have nothing to add.
    expect(await entry.head(paths.support(), { fetch, origin: 'https://site.test' })).toEqual({ head: null, status: 200 });
  });

  it('should draw the vote page by its query, the free vote waiting for the visitor’s own check', async () => {
    const { fetch, asked } = api({
      '/api/v1/site': () => SITE,
      '/api/v1/profiles/id/7': () => VERA_BY_ID,
    });
    const free = (await entry.render(paths.vote(7, { query: { type: 'free' } }), { fetch, origin: 'http://site.test' }))!;
    expect(free.title).toBe('<title>Vote for Vera | ScreamStage</title>');
    expect(free.html).toContain('Cast your free vote for Vera.');
    // The drawing is every visitor's: it cannot say whether this one has voted, so it offers no vote yet.
    expect(free.html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*aria-busy="true"[^>]*>Checking Your Vote...<\/button>/);
    expect(asked.some((path) => path.includes('vote-check'))).toBe(false);

    const pack = (await entry.render(paths.vote(7, { query: { type: 2 } }), { fetch, origin: 'http://site.test' }))!;
    expect(pack.html).toContain('Donate $');
    expect(pack.html).not.toContain('Cast your free vote');
  });

  it("should draw a profile's votes over time from its loader's answer as a table for a page without scripts, and none of the chart", async () => {
    // Asked for under the name the profile gives (the card's key), not as the address spells it.
    const { fetch, asked } = api({
      ...ANSWERS,
      '/api/v1/contestants/vera': () => makeProfile({}, { username: 'Vera' }),
      '/api/v1/contestants/Vera/votes-over-time': () => SERIES,
    });
    const drawn = (await entry.render(paths.profile('vera'), { fetch, origin: 'http://site.test' }))!;
    expect(asked.filter((path) => path === '/api/v1/contestants/Vera/votes-over-time')).toHaveLength(1);
    // Parsed as a browser without scripts parses it (a <noscript>'s content as elements), then read in this document.
    const parsed = new DOMParser().parseFromString(`<!doctype html><body>${drawn.html}`, 'text/html');
    const view = document.body.appendChild(document.createElement('div'));
    view.append(...[...parsed.body.childNodes].map((node) => document.importNode(node, true)));
    const card = within(within(view).getByRole('region', { name: 'Votes over time' }));
    const table = card.getByRole('table', { name: 'Votes per day for Vera Voss (UTC)' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent)),
    ).toEqual([
      ['Day (UTC)', 'Free', 'Paid', 'Voided'],
      [formatDay(SERIES.points[0].start), '3', '12', '0'],
      [formatDay(SERIES.points[2].start), '2', '0', '1'],
      ['Total', '5', '12', '1'],
    ]);
    expect(table.closest('noscript')).not.toBeNull();
    expect(card.getByText('In these days: 5 free, 12 paid, 1 voided').closest('noscript')).not.toBeNull();
    // The chart's place waits for the chart where scripts run, and is not shown where they do not.
    expect(card.getByRole('status')).toHaveTextContent('Loading votes over time...');
    expect(card.getByRole('status').parentElement).toHaveClass('noscript:hidden');
    expect(view.querySelector('[data-kind], [data-start]')).toBeNull();
    view.remove();
  });

  it('should draw the chart in the browser from the days the profile came with, not ask for them again, and add live votes to them', async () => {
    const { fetch } = api(ANSWERS);
    const drawn = (await entry.render(paths.profile('vera'), { fetch, origin: 'http://site.test' }))!;
    const net = mockNetwork(Object.fromEntries(Object.entries(ANSWERS).map(([p, answer]) => [`GET ${p}`, { body: answer() }])));
    const socket = new FakeSocket();
    const store = makeStore(undefined, { socketFactory: () => socket });
    primeApiCache(store.dispatch, drawn.data.api);
    const view = mount(
      <AppProvider store={store}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [paths.profile('vera')] })} />
      </AppProvider>,
    );
    const card = within(await view.findByRole('region', { name: 'Votes over time' }));
    const today = () => view.container.querySelector(`g[data-start="${SERIES.points[2].start}"]`);
    await waitFor(() => expect(today()?.querySelector('rect[data-kind="voided"]')).toBeTruthy());
    expect(card.getByText('In these days: 5 free, 12 paid, 1 voided')).toBeInTheDocument();
    // Live: the difference between two tallies of hers goes into today's bar.
    const push = (votes: number) => socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'vera', votes, paid: 20 }]));
    await push(120);
    await push(121);
    expect(await card.findByText('In these days: 6 free, 12 paid, 1 voided')).toBeInTheDocument();
    expect(today()?.querySelector('title')?.textContent).toBe(`${formatDay(SERIES.points[2].start)}: 3 free, 0 paid, 1 voided`);
    expect(net.requestsTo('GET', HISTORY)).toEqual([]);
    view.unmount();
  });

  it('should name the query parameters each drawn page reads, and none for the rest', async () => {
    const table = await entry.routeTable();
    const queryOf = (pattern: string) => table.find((route) => route.pattern === pattern)?.handle.query ?? [];
    expect(queryOf(paths.vote.pattern)).toEqual(['type', 'amount', 'price']);
    expect(queryOf(paths.leaderboard())).toEqual(['page']);
    expect(queryOf(paths.leaderboardGroup.pattern)).toEqual(['page']);
    for (const pattern of [paths.home(), paths.profile.pattern, paths.profile2025.pattern, paths.support(), paths.competition.pattern, paths.aboutUs(), '*']) {
      expect([pattern, queryOf(pattern)]).toEqual([pattern, []]);
    }
  });

  // A query the loaders missed is drawn in its loading state and asked for by the browser once the page
  // is up: mounted in the browser with the cache it was handed, the page must ask for nothing new but
  // what it asks only once hydrated (a visitor's own vote state).
  const ANSWERS: Record<string, () => unknown> = {
    '/api/v1/site': () => SITE,
    '/api/v1/profile-questions': () => QUESTIONS,
    '/api/v1/contestants/vera': () => makeProfile(),
    '/api/v1/admin/current-contest/countdown': () => makeCountdown(at(0), at(-DAY), at(2 * DAY)),
    '/api/v1/profiles/id/7': () => VERA_BY_ID,
    '/api/v1/groups/all-contestants': () => ({}),
    '/api/v1/groups/3/leaderboard': () => [],
    '/api/v1/contests/all-contests': () => [],
    [HISTORY]: () => SERIES,
  };
  const ASKED_ONCE_HYDRATED = ['getVoteCheck'];

  // The current contest in its first round, cutting to the top 1 of each group: Vera (group 5) is below it.
  const ROUND_ANSWERS: Record<string, () => unknown> = {
    ...ANSWERS,
    '/api/v1/admin/current-contest/countdown': () => ({
      ...makeCountdown(at(0), at(-DAY), at(9 * DAY)),
      current_round: 1,
      rounds: [
        { id: 1, position: 1, name: 'Group Stage', ends_at: at(3 * DAY), advance_per_group: 1, advance_total: null, state: 'running', closed_at: null },
        { id: 2, position: 2, name: 'Final', ends_at: at(9 * DAY), advance_per_group: null, advance_total: null, state: 'upcoming', closed_at: null },
      ],
    }),
    '/api/v1/groups/all-contestants': () => ({ 'Group 1': ROUND_GROUP }),
    '/api/v1/groups/5/leaderboard': () => ROUND_GROUP,
  };
  const ROUND_GROUP = [
    makeItem(1, { username: 'maisie', current_contest_votes: 90, rank: 1 }),
    makeItem(31, { username: 'vera', current_contest_votes: 40, rank: 2 }),
  ];

  it.each([
    [paths.leaderboard(), ['Group Stage', 'Top 1 of each group go on', 'Below the cut']],
    [paths.leaderboardGroup(5), ['Group Stage', 'Top 1 of each group go on · below the cut', 'Below the cut']],
    [paths.profile('vera'), ['Group Stage cut in', 'Top 1 of each group go on', '50 votes below the cut']],
  ])('should draw the running round and its cut on %s from what its loaders fetched', async (path, texts) => {
    const { fetch } = api(ROUND_ANSWERS);
    const drawn = (await entry.render(path, { fetch, origin: 'http://site.test' }))!;
    for (const text of texts) expect([text, drawn.html.includes(text)]).toEqual([text, true]);
    const handed = new Set(Object.keys(drawn.data.api.queries));
    mockNetwork(Object.fromEntries(Object.entries(ROUND_ANSWERS).map(([p, answer]) => [`GET ${p}`, { body: answer() }])));
    const store = makeStore(undefined, { socketFactory: () => new FakeSocket() });
    primeApiCache(store.dispatch, drawn.data.api);
    const view = mount(
      <AppProvider store={store}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
      </AppProvider>,
    );
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 200)));
    const asked = Object.entries(store.getState().api.queries).flatMap(([key, q]) =>
      !handed.has(key) && !ASKED_ONCE_HYDRATED.includes(q?.endpointName ?? '') ? [key] : [],
    );
    view.unmount();
    expect(asked).toEqual([]);
  });

  it('should draw /login and /register with their forms, waiting for the page to hydrate, and the header keeps LOGIN for a page without scripts', async () => {
    const { fetch } = api({ '/api/v1/site': () => SITE });
    const login = (await entry.render(paths.login(), { fetch, origin: 'http://site.test' }))!;
    expect(login.html).not.toContain('Loading...');
    expect(login.html).toMatch(/<fieldset disabled=""[^>]*>.*<form.*Email or Username.*Password.*<\/form><\/fieldset>/s);
    expect(login.html).toContain('Signing in needs JavaScript');
    const register = (await entry.render(paths.register(), { fetch, origin: 'http://site.test' }))!;
    expect(register.html).not.toContain('Loading...');
    expect(register.html).toMatch(/<fieldset disabled=""[^>]*>.*<form.*Username.*<\/form><\/fieldset>/s);
    // Hidden until hydrated only where scripts run (a style for scripting: enabled), never by an inline style.
    const landing = (await entry.render(paths.home(), { fetch, origin: 'http://site.test' }))!;
    expect(landing.html).toMatch(
      /<a [^>]*class="[^"]*until-hydrated[^"]*"[^>]*href="\/login"[^>]*>LOGIN<\/a>|<a [^>]*href="\/login"[^>]*class="[^"]*until-hydrated[^"]*"[^>]*>LOGIN<\/a>/,
    );
    expect(landing.html).not.toContain('visibility:hidden');
  });

  it.each([
    paths.home(),
    paths.login(),
    paths.register(),
    paths.leaderboard(),
    paths.leaderboardGroup(3),
    paths.profile('vera'),
    paths.vote(7, { query: { type: 'free' } }),
    paths.support(),
    paths.aboutUs(),
    paths.competitions(),
    paths.competition('midnight-screams'),
  ])('should fetch in its loaders everything %s draws', async (path) => {
    const { fetch } = api(ANSWERS);
    const drawn = (await entry.render(path, { fetch, origin: 'http://site.test' }))!;
    expect(drawn).not.toBeNull();
    const handed = new Set(Object.keys(drawn.data.api.queries));
    mockNetwork(Object.fromEntries(Object.entries(ANSWERS).map(([p, answer]) => [`GET ${p}`, { body: answer() }])));
    const store = makeStore(undefined, { socketFactory: () => new FakeSocket() });
    primeApiCache(store.dispatch, drawn.data.api);
    const view = mount(
      <AppProvider store={store}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
      </AppProvider>,
    );
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 200)));
    const asked = Object.entries(store.getState().api.queries).flatMap(([key, q]) =>
      !handed.has(key) && !ASKED_ONCE_HYDRATED.includes(q?.endpointName ?? '') ? [key] : [],
    );
    view.unmount();
    expect(asked).toEqual([]);
  });
});
