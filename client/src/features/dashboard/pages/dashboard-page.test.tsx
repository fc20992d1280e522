import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { inLocale } from '@/testing/locale';
import { waitFor, within } from '@testing-library/react';
import { MAIL_KIND_TEXT } from '#contract/mail/messages';
import { MAIL_MESSAGES } from '#contract/mail/messages';
import { OIDC_MESSAGES as O } from '#contract/auth/messages';
import { DASHBOARD_MESSAGES as D } from '#contract/profiles/messages';
import { VOTE_MESSAGES as V } from '#contract/votes/messages';
import { browser } from '@/lib/browser';
import { formatDateTime } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { deferred } from '@/testing/contest-fixtures';
import { mockNetwork, type Reply, type Responder } from '@/testing/server';
import { QUESTIONS, SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { tallyOf } from '@/testing/tally';
import { makeToken } from '@/testing/tokens';
import { makeCountdown, makeItem, makeMe, makeProfile } from '@/testing/vote-fixtures';

const ME = 'GET /api/v1/users/me';
const VIEWS = 'GET /api/v1/contestants/vera/views';
const VOTE = 'POST /api/v1/contestants/vera/vote';
const CHECK = 'GET /api/v1/contestants/vera/vote-check';

type Routes = Record<string, Responder>;

function open(routes: Routes = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': {
      body: { ...SITE, dashboard_video_urls: ['/media/promo.mp4', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://vimeo.com/76979871'] },
    },
    [ME]: { body: makeMe('vera') },
    [VIEWS]: { body: { profile_views: 1234 } },
    [CHECK]: { body: { hasVoted: false, next_vote_at: null, refusal: null } },
    ...routes,
  });
  return { ...renderApp(paths.dashboard()), net };
}

const stat = (app: ReturnType<typeof open>, label: string) => app.screen.findByRole('group', { name: label });

describe('DashboardPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'vera' }));
  });

  it('should welcome the contestant with rank in the group, contest votes and profile views', async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { name: 'Welcome, vera' })).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(await stat(app, 'Current Rank')).getByText('#2')).toBeInTheDocument();
    expect(within(await stat(app, 'Current Contest Votes')).getByText('40')).toBeInTheDocument();
    expect(await within(await stat(app, 'Profile Views')).findByText('1,234')).toBeInTheDocument();
    // All-time votes with the free/paid split.
    expect(app.screen.getByText('All-time votes:').nextSibling).toHaveTextContent('120 votes · 100 free · 20 paid');
  });

  it('should show which race e-mails the contestant gets and save a switch as it is flipped, saying when it fails', async () => {
    let saved = { round_results: true, below_cut: true, winner: true, daily_digest: false };
    let fail = false;
    const app = open({
      'GET /api/v1/users/mail-preferences': () => ({ body: saved }),
      'PUT /api/v1/users/mail-preferences': (req) => {
        if (fail) return { status: 500, body: {} };
        saved = { ...saved, ...(req.body as object) };
        return { body: saved };
      },
    });
    const section = await app.screen.findByRole('region', { name: 'E-mails about your race' });
    const digest = await within(section).findByRole('switch', { name: MAIL_KIND_TEXT.daily_digest.label });
    expect(digest).not.toBeChecked();
    expect(digest).toHaveAccessibleDescription(MAIL_KIND_TEXT.daily_digest.hint);
    expect(within(section).getByRole('switch', { name: MAIL_KIND_TEXT.round_results.label })).toBeChecked();

    await app.user.click(digest);
    await waitFor(() => expect(within(section).getByRole('switch', { name: MAIL_KIND_TEXT.daily_digest.label })).toBeChecked());
    expect(app.net.requestsTo('PUT', '/api/v1/users/mail-preferences').map((r) => r.body)).toEqual([{ daily_digest: true }]);
    expect(await app.screen.findByText(MAIL_MESSAGES.saved)).toBeInTheDocument();

    // A failed save leaves the switch as it was and says so.
    fail = true;
    await app.user.click(within(section).getByRole('switch', { name: MAIL_KIND_TEXT.winner.label }));
    expect(await app.screen.findByText(MAIL_MESSAGES.saveFailed)).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('switch', { name: MAIL_KIND_TEXT.winner.label })).toBeChecked());
    expect(within(section).getByRole('switch', { name: MAIL_KIND_TEXT.winner.label })).toBeEnabled();
  });

  it('should say when the race e-mails cannot be read, and read them again on Try Again', async () => {
    let fail = true;
    const saved = { round_results: true, below_cut: true, winner: true, daily_digest: false };
    const app = open({ 'GET /api/v1/users/mail-preferences': () => (fail ? { status: 500, body: {} } : { body: saved }) });
    const section = await app.screen.findByRole('region', { name: 'E-mails about your race' });
    expect(await within(section).findByRole('alert')).toHaveTextContent(MAIL_MESSAGES.loadFailed);

    fail = false;
    await app.user.click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByRole('switch', { name: MAIL_KIND_TEXT.winner.label })).toBeChecked();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should list the votes review removed, with when and why, and show nothing when none were', async () => {
    const reviews = [
      { at: '2030-10-02T09:30:00.000Z', removed: 1, reason: 'A scripted vote' },
      { at: '2030-10-01T18:00:00.000Z', removed: 250, reason: 'Votes from one network block in one hour' },
    ];
    const app = open({ [ME]: { body: makeMe('vera', { vote_reviews: reviews }) } });
    const section = await app.screen.findByRole('region', { name: 'Vote reviews' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      `1 vote removed on ${formatDateTime(reviews[0].at)}Reason: A scripted vote`,
      `250 votes removed on ${formatDateTime(reviews[1].at)}Reason: Votes from one network block in one hour`,
    ]);
    expect(within(section).getByRole('link', { name: 'How votes are counted' })).toHaveAttribute(
      'href',
      paths.termsOfService({ hash: 'how-votes-are-counted' }),
    );
    app.unmount();

    const clean = open();
    await clean.screen.findByRole('heading', { name: 'Welcome, vera' });
    expect(clean.screen.queryByRole('region', { name: 'Vote reviews' })).not.toBeInTheDocument();
  });

  it('should show N/A without a position, 0 without an entry, and 0 views when they cannot be read', async () => {
    const me = makeMe('vera', { contestant_profile: makeProfile({ current_position_in_group: null }, { username: 'vera' }), contest_entries: [] });
    const app = open({ [ME]: { body: me }, [VIEWS]: { status: 500, body: {} } });
    expect(within(await stat(app, 'Current Rank')).getByText('N/A')).toBeInTheDocument();
    expect(within(await stat(app, 'Current Contest Votes')).getByText('0')).toBeInTheDocument();
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/contestants/vera/views')).toHaveLength(1));
    expect(within(await stat(app, 'Profile Views')).getByText('0')).toBeInTheDocument();
  });

  it('should embed three videos and link the quick actions', async () => {
    const app = open();
    await app.screen.findByRole('heading', { name: 'Welcome, vera' });
    const video = await app.screen.findByLabelText('Dashboard video 1');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('poster', SITE.promo_poster_url);
    expect(app.screen.getByTitle('Dashboard video 2')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(app.screen.getByTitle('Dashboard video 3')).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871');
    const actions = within(app.screen.getByRole('navigation', { name: 'Quick Actions' }));
    expect(actions.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      paths.activeContests(),
      paths.shareSupport(),
      paths.profile('vera'),
      paths.profileBasics(),
      paths.profilePhotos(),
      paths.socialLinks(),
      paths.contactSupport(),
    ]);
    expect(app.screen.getByRole('heading', { name: 'Buy Additional Votes' })).toBeInTheDocument();
  });

  it('should vote for the user’s own profile: +1 at once, then Already Voted Today, when the next vote is allowed, and focus on it', async () => {
    const reply = deferred<Reply>();
    const app = open({ [VOTE]: () => reply.promise });
    const button = await app.screen.findByRole('button', { name: V.castButton });
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.click(button);
    expect(await within(await stat(app, 'Current Contest Votes')).findByText('41')).toBeInTheDocument();
    const next = new Date(Date.now() + 24 * 3_600_000);
    reply.release({ status: 201, body: { message: 'ok', vote_id: 'v1', next_vote_at: next.toISOString() } });
    expect(await app.screen.findByText(V.counted)).toBeInTheDocument();
    expect(await app.screen.findByRole('button', { name: V.alreadyVotedButton })).toBeDisabled();
    const clock = next.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    const note = app.screen.getByText(`Your next free vote: tomorrow at ${clock}.`);
    // Keyboard users are not dropped on the page's body: focus goes to what happened.
    await waitFor(() => expect(note).toHaveFocus());
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/users/me').length).toBeGreaterThanOrEqual(2));
  });

  it('should say when the next vote is allowed to a contestant who voted earlier', async () => {
    const at = new Date(Date.now() + 3 * 3_600_000);
    const app = open({ [CHECK]: { body: { hasVoted: true, next_vote_at: at.toISOString(), refusal: null } } });
    expect(await app.screen.findByRole('button', { name: V.alreadyVotedButton })).toBeDisabled();
    expect(app.screen.getByText(/^Your next free vote: (today|tomorrow) at \d{1,2}:\d{2} [AP]M\.$/)).toBeInTheDocument();
    expect(app.screen.queryByRole('button', { name: V.castButton })).not.toBeInTheDocument();
  });

  it('should not offer a free vote before the contestant has joined the current contest, and say why', async () => {
    const app = open({ [CHECK]: { body: { hasVoted: false, next_vote_at: null, refusal: 'This contestant is not in the current contest' } } });
    const button = await app.screen.findByRole('button', { name: 'Free Vote Unavailable' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('This contestant is not in the current contest');
    expect(app.screen.queryByRole('button', { name: V.castButton })).not.toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/vote')).toHaveLength(0);
  });

  it('should take the +1 back when the vote fails', async () => {
    const app = open({ [VOTE]: { status: 400, body: { detail: 'This contest has ended' } } });
    const button = await app.screen.findByRole('button', { name: V.castButton });
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.click(button);
    expect(await app.screen.findByText('This contest has ended')).toBeInTheDocument();
    expect(await within(await stat(app, 'Current Contest Votes')).findByText('40')).toBeInTheDocument();
  });

  it('should read the stats again once its rooms are joined: a vote counted before the join sent it no event', async () => {
    let votes = 40;
    const app = open({
      [ME]: () => ({
        body: makeMe('vera', {
          contest_entries: [{ id: 31, contest_id: 1, group_id: 5, current_contest_votes: votes, is_eliminated: false, joined_at: '2030-10-01T18:00:00.000Z' }],
        }),
      }),
    });
    expect(await within(await stat(app, 'Current Contest Votes')).findByText('40')).toBeInTheDocument();
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['contestant:vera', 'contests', 'group:5'])));
    votes = 41; // counted meanwhile, elsewhere
    app.socket.confirm();
    expect(await within(await stat(app, 'Current Contest Votes')).findByText('41')).toBeInTheDocument();
  });

  it('should show what a refetch reads over an older, higher pushed count: votes voided while away stay voided', async () => {
    let votes = 40;
    const app = open({
      [ME]: () => ({
        body: makeMe('vera', {
          contest_entries: [{ id: 31, contest_id: 1, group_id: 5, current_contest_votes: votes, is_eliminated: false, joined_at: '2030-10-01T18:00:00.000Z' }],
        }),
      }),
    });
    await stat(app, 'Current Rank');
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['contestant:vera', 'contests', 'group:5'])));
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'vera', votes: 52, total: 130, rank: 2 }]));
    expect(within(await stat(app, 'Current Contest Votes')).getByText('52')).toBeInTheDocument();
    app.socket.disconnect();
    const now = Date.now();
    const later = jest.spyOn(Date, 'now').mockImplementation(() => now + 60_000);
    try {
      votes = 35; // review voided some of her votes meanwhile
      app.socket.reconnect();
      app.socket.confirm();
      expect(await within(await stat(app, 'Current Contest Votes')).findByText('35')).toBeInTheDocument();
      await new Promise((r) => setTimeout(r, 100));
      expect(within(await stat(app, 'Current Contest Votes')).getByText('35')).toBeInTheDocument();
    } finally {
      later.mockRestore();
    }
  });

  it('should show a purchase credited after the page read the account as paid votes', async () => {
    const app = open();
    await stat(app, 'Current Rank');
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['contestant:vera', 'contests', 'group:5'])));
    expect(app.screen.getByText('All-time votes:').nextSibling).toHaveTextContent('120 votes · 100 free · 20 paid');
    // A package of 12 credited: the tally names this entry's 12 paid votes.
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'vera', votes: 52, paid: 12, total: 132, rank: 2 }]));
    await waitFor(() => expect(app.screen.getByText('All-time votes:').nextSibling).toHaveTextContent('132 votes · 100 free · 32 paid'));
  });

  it("should follow the tallies of the user's group", async () => {
    const app = open();
    await stat(app, 'Current Rank');
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['contestant:vera', 'contests', 'group:5'])));
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'vera', votes: 52, total: 130, rank: 2 }]));
    expect(within(await stat(app, 'Current Contest Votes')).getByText('52')).toBeInTheDocument();
    expect(within(await stat(app, 'Current Rank')).getByText('#2')).toBeInTheDocument();
    // Vera passes Otto: both ranks change.
    await app.socket.push(
      'tally',
      tallyOf(5, [
        { entry_id: 31, username: 'vera', votes: 55, total: 133, rank: 1 },
        { entry_id: 44, username: 'otto', votes: 54, rank: 2 },
      ]),
    );
    expect(within(await stat(app, 'Current Rank')).getByText('#1')).toBeInTheDocument();
    expect(within(await stat(app, 'Current Contest Votes')).getByText('55')).toBeInTheDocument();
  });

  it('should show the votes to pass the next contestant and the cut line, moving with the tallies', async () => {
    const heats = {
      id: 9,
      position: 1,
      name: 'Heats',
      ends_at: '2030-10-08T18:00:00.000Z',
      advance_per_group: 2,
      advance_total: null,
      state: 'running' as const,
      closed_at: null,
    };
    const app = open({
      'GET /api/v1/admin/current-contest/countdown': {
        body: { ...makeCountdown(new Date().toISOString(), '2030-10-01T18:00:00.000Z', '2030-10-31T18:00:00.000Z'), rounds: [heats], current_round: 1 },
      },
      'GET /api/v1/groups/5/leaderboard': {
        body: [
          makeItem(44, { username: 'maisie.thorn', current_contest_votes: 52, rank: 1 }),
          makeItem(31, { username: 'vera', current_contest_votes: 40, rank: 2 }),
          makeItem(45, { username: 'otto', current_contest_votes: 0, rank: 3 }),
        ],
      },
    });
    const line = await app.screen.findByText(/to pass @maisie\.thorn/);
    expect(line.closest('[role=status]')).toHaveTextContent('Heats: 13 votes to pass @maisie.thorn · 40 votes above the cut');
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['contestant:vera', 'contests', 'group:5'])));
    // A fan votes for Otto: Vera's margin over the cut shrinks, live.
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 45, username: 'otto', votes: 35, rank: 3 }]));
    expect(await app.screen.findByText(/5 votes above the cut/)).toBeInTheDocument();
  });

  it('should offer Complete Your Profile to a user without one, and Maybe later goes back', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE }, [ME]: { body: makeMe('vera', { contestant_profile: null, contest_entries: [] }) } });
    const app = renderApp(paths.activeContests());
    await app.router.navigate(paths.dashboard());
    expect(await app.screen.findByRole('heading', { name: D.completeProfile })).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Maybe later' }));
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.activeContests()));
  });

  it("should not offer Complete Your Profile to a provider's fan account, and still show its sign-in methods and data", async () => {
    const fan = makeMe('fan_0a1b2c3d4e5f', { is_competitor: false, contestant_profile: null, contest_entries: [] });
    localStorage.setItem('token', makeToken({ sub: 'fan_0a1b2c3d4e5f' }));
    mockNetwork({
      'GET /api/v1/site': { body: { ...SITE, sign_in_providers: ['google' as const] } },
      [ME]: { body: fan },
      'GET /api/v1/users/me/linked-accounts': {
        body: { accounts: [{ provider: 'google', email: fan.email, linked_at: '2026-11-29T10:00:00.000Z' }], password_set: false },
      },
    });
    const app = renderApp(paths.dashboard());
    const linked = await app.screen.findByRole('region', { name: 'Linked accounts' });
    expect(await within(linked).findByText(fan.email)).toBeInTheDocument();
    expect(app.screen.queryByRole('heading', { name: D.completeProfile })).not.toBeInTheDocument();
    expect(app.screen.queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
  });

  it('should still offer Complete Your Profile to a contestant or a staff account without a profile', async () => {
    for (const over of [{ is_competitor: true }, { is_competitor: false, is_superuser: true, staff_role: 'owner' as const }]) {
      mockNetwork({ 'GET /api/v1/site': { body: SITE }, [ME]: { body: makeMe('vera', { ...over, contestant_profile: null, contest_entries: [] }) } });
      const app = renderApp(paths.dashboard());
      expect(await app.screen.findByRole('heading', { name: D.completeProfile })).toBeInTheDocument();
      app.unmount();
    }
  });

  it('should lead Get Started to the basics editor, where the new profile is made', async () => {
    mockNetwork({
      'GET /api/v1/site': { body: SITE },
      [ME]: { body: makeMe('vera', { contestant_profile: null, contest_entries: [] }) },
      'GET /api/v1/contestants/profile/basics': { status: 404, body: { detail: 'Profile not found' } },
      'GET /api/v1/profile-questions': { body: QUESTIONS },
    });
    const app = renderApp(paths.dashboard());
    await app.user.click(await app.screen.findByRole('link', { name: 'Get Started' }));
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.profileBasics()));
    expect(await app.screen.findByRole('form', { name: 'Profile Basics' })).toBeInTheDocument();
    expect(app.screen.queryByText('404 - Page Not Found')).not.toBeInTheDocument();
  });

  it('should show Error Loading Dashboard with the message and a Try Again that reloads', async () => {
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => {});
    try {
      const app = open({ [ME]: { status: 500, body: {} } });
      expect(await app.screen.findByRole('heading', { name: D.errorTitle })).toBeInTheDocument();
      expect(app.screen.getByRole('alert')).toHaveTextContent(D.profileLoadFailed);
      await app.user.click(app.screen.getByRole('button', { name: D.tryAgain }));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      reload.mockRestore();
    }
  });

  it('should show the server message when there is one', async () => {
    const app = open({ [ME]: { status: 503, body: { detail: 'Down for maintenance' } } });
    expect(await app.screen.findByRole('alert')).toHaveTextContent('Down for maintenance');
  });
});

describe('DashboardPage linked accounts', () => {
  const LINKED = 'GET /api/v1/users/me/linked-accounts';
  const withGoogleApple = { ...SITE, sign_in_providers: ['google' as const, 'apple' as const] };
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'vera' }));
  });

  it('should list the linked providers with Unlink, offer Link for the others, and unlink on a click', async () => {
    let accounts = [{ provider: 'google', email: 'vera@example.com', linked_at: '2026-11-29T10:00:00.000Z' }];
    const app = open({
      'GET /api/v1/site': { body: withGoogleApple },
      [LINKED]: () => ({ body: { accounts, password_set: true } }),
      'DELETE /api/v1/users/me/linked-accounts/google': () => {
        accounts = [];
        return { body: { accounts, password_set: true } };
      },
    });
    const card = await app.screen.findByRole('region', { name: 'Linked accounts' });
    expect(await within(card).findByText('vera@example.com')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Link Apple' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Link Google' })).not.toBeInTheDocument();
    await app.user.click(within(card).getByRole('button', { name: 'Unlink Google' }));
    expect(await within(card).findByText('No accounts are linked yet.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Link Google' })).toBeInTheDocument();
    expect(app.net.requestsTo('DELETE', '/api/v1/users/me/linked-accounts/google')).toHaveLength(1);
  });

  it("should send the browser to the provider's page to link, coming back to the dashboard", async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => {});
    try {
      const app = open({
        'GET /api/v1/site': { body: withGoogleApple },
        [LINKED]: { body: { accounts: [], password_set: true } },
        'POST /api/v1/users/me/linked-accounts/apple': { body: { authorization_url: 'https://appleid.example/authorize?x=1' } },
      });
      const card = await app.screen.findByRole('region', { name: 'Linked accounts' });
      await app.user.click(await within(card).findByRole('button', { name: 'Link Apple' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://appleid.example/authorize?x=1'));
      expect(app.net.requestsTo('POST', '/api/v1/users/me/linked-accounts/apple')[0].url).toBe('/api/v1/users/me/linked-accounts/apple?return_to=%2Fdashboard');
    } finally {
      assign.mockRestore();
    }
  });

  it("should say why an unlink was refused, and a link's refusal the provider sent back", async () => {
    const app = open({
      'GET /api/v1/site': { body: withGoogleApple },
      [LINKED]: { body: { accounts: [{ provider: 'google', email: 'vera@example.com', linked_at: '2026-11-29T10:00:00.000Z' }], password_set: false } },
      'DELETE /api/v1/users/me/linked-accounts/google': { status: 409, body: { detail: O.unlinkNeedsPassword } },
    });
    const card = await app.screen.findByRole('region', { name: 'Linked accounts' });
    await app.user.click(await within(card).findByRole('button', { name: 'Unlink Google' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(O.unlinkNeedsPassword);
    app.unmount();

    mockNetwork({
      'GET /api/v1/site': { body: withGoogleApple },
      [ME]: { body: makeMe('vera') },
      [LINKED]: { body: { accounts: [], password_set: true } },
    });
    const back = renderApp(`${paths.dashboard()}#oidc_error=linkEmailMismatch`);
    const again = await back.screen.findByRole('region', { name: 'Linked accounts' });
    expect(await within(again).findByRole('alert')).toHaveTextContent(O.linkEmailMismatch);
    await waitFor(() => expect(back.router.state.location.hash).toBe(''));
  });

  it('should show a failed load with a way to try again, and nothing on a site without providers for an account with none', async () => {
    const app = open({ 'GET /api/v1/site': { body: withGoogleApple }, [LINKED]: { status: 500, body: {} } });
    const card = await app.screen.findByRole('region', { name: 'Linked accounts' });
    expect(await within(card).findByRole('alert')).toHaveTextContent(O.loadFailed);
    expect(within(card).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    app.unmount();

    const none = open({ [LINKED]: { body: { accounts: [], password_set: true } } });
    await none.screen.findByRole('heading', { name: 'Welcome, vera' });
    await waitFor(() => expect(none.net.requestsTo('GET', '/api/v1/users/me/linked-accounts')).toHaveLength(1));
    expect(none.screen.queryByRole('region', { name: 'Linked accounts' })).not.toBeInTheDocument();
  });
});

describe('DashboardPage in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', makeToken({ sub: 'vera' }));
  });

  it('should welcome the contestant, show the stats, reviews and quick actions in Portuguese', async () => {
    const reviews = [
      { at: '2030-10-02T09:30:00.000Z', removed: 1, reason: 'A scripted vote' },
      { at: '2030-10-01T18:00:00.000Z', removed: 1250, reason: 'Votes from one network block in one hour' },
    ];
    const app = open({ [ME]: { body: makeMe('vera', { vote_reviews: reviews }) } });
    expect(await app.screen.findByRole('heading', { name: 'Boas-vindas, vera' })).toBeInTheDocument();
    expect(app.screen.getByText('Seu painel')).toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    expect(within(await stat(app, 'Posição atual')).getByText('#2')).toBeInTheDocument();
    expect(await within(await stat(app, 'Visualizações do perfil')).findByText('1.234')).toBeInTheDocument();
    expect(app.screen.getByText('Votos no total:')).toBeInTheDocument();
    const section = app.screen.getByRole('region', { name: 'Revisões de votos' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual([`1 voto removido em ${formatDateTime(reviews[0].at)}`, `1.250 votos removidos em ${formatDateTime(reviews[1].at)}`]);
    expect(formatDateTime(reviews[0].at)).not.toMatch(/AM|PM/);
    const actions = app.screen.getByRole('navigation', { name: 'Ações rápidas' });
    expect(within(actions).getByRole('link', { name: /Gerenciar fotos/ })).toHaveAttribute('href', paths.profilePhotos());
    expect(app.screen.getByRole('heading', { name: 'Vote em você' })).toBeInTheDocument();
    expect(await app.screen.findByRole('region', { name: 'E-mails sobre a sua disputa' })).toBeInTheDocument();
  });

  it('should invite a user without a profile to complete it, in Portuguese', async () => {
    const app = open({ [ME]: { body: makeMe('vera', { contestant_profile: null, contest_entries: [] }) } });
    expect(await app.screen.findByRole('link', { name: 'Começar' })).toHaveAttribute('href', paths.profileBasics());
    expect(app.screen.getByRole('button', { name: 'Talvez mais tarde' })).toBeInTheDocument();
  });
});
