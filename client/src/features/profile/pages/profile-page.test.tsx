import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { PROFILE_MESSAGES as P } from '#contract/profiles/messages';
import { VOTE_MESSAGES as V } from '#contract/votes/messages';
import { paths } from '@/lib/paths';
import { deferred } from '@/testing/contest-fixtures';
import { mockNetwork, type Reply } from '@/testing/server';
import { meFor, SITE } from '@/testing/fixtures';
import { idle, renderApp } from '@/testing/render-app';
import { tallyOf } from '@/testing/tally';
import { makeToken } from '@/testing/tokens';
import { makeCountdown, makeItem, makeProfile } from '@/testing/vote-fixtures';

const PROFILE = 'GET /api/v1/contestants/vera';
const VIEWS = 'POST /api/v1/contestants/vera/increment-views';
const COUNTDOWN = 'GET /api/v1/admin/current-contest/countdown';
const CHECK = 'GET /api/v1/contestants/vera/vote-check';
const VOTE = 'POST /api/v1/contestants/vera/vote';

// The server's clock in these tests is far from the machine's: the countdown must follow the server.
const SERVER_NOW = Date.parse('2030-10-10T12:00:00.000Z');
const at = (offsetMs: number) => new Date(SERVER_NOW + offsetMs).toISOString();
const DAY = 86_400_000;
const RUNNING = makeCountdown(at(0), at(-DAY), at(2 * DAY + 3 * 3_600_000 + 30_000));

type Routes = Record<string, Reply | (() => Reply | Promise<Reply>)>;

function open(routes: Routes = {}, { path = paths.profile('vera'), strict = false } = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/users/me': { body: meFor('alice') },
    [PROFILE]: { body: makeProfile() },
    [VIEWS]: { body: { profile_views: 9 } },
    [COUNTDOWN]: { body: RUNNING },
    [CHECK]: { body: { hasVoted: false } },
    ...routes,
  });
  return { ...renderApp(path, { strict }), net };
}

/** The free-vote button once it offers a vote: after the viewer's earlier vote has been checked. */
async function voteButton(app: ReturnType<typeof open>) {
  const button = await app.screen.findByRole('button', { name: V.castButton });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

describe('ProfilePage', () => {
  beforeEach(() => localStorage.clear());

  it('should ask a signed-out visitor to sign in instead of offering the free vote when free votes are by account, and offer it once signed in', async () => {
    const byAccount = { body: { ...SITE, vote_identity: 'account', sign_in_providers: ['google'] } };
    const out = open({ 'GET /api/v1/site': byAccount });
    expect(await out.screen.findByRole('heading', { name: V.signInToVote })).toBeInTheDocument();
    expect(out.screen.getByRole('link', { name: 'Continue with Google' })).toHaveAttribute(
      'href',
      `/api/v1/auth/oidc/google/start?return_to=${encodeURIComponent(paths.profile('vera'))}`,
    );
    expect(out.screen.queryByRole('button', { name: V.castButton })).not.toBeInTheDocument();
    out.unmount();

    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    const signedIn = open({ 'GET /api/v1/site': byAccount });
    await voteButton(signedIn);
    expect(signedIn.screen.queryByRole('heading', { name: V.signInToVote })).not.toBeInTheDocument();
  });

  it('should say Profile not found with a way home', async () => {
    const { screen } = open({ [PROFILE]: { status: 404, body: { detail: 'Profile not found' } } });
    expect(await screen.findByRole('heading', { name: P.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', paths.home());
  });

  it('should show the detail, or the spec text, when the profile cannot be loaded', async () => {
    const { screen } = open({ [PROFILE]: { status: 500, body: {} } });
    expect(await screen.findByRole('alert')).toHaveTextContent(P.loadFailed);
  });

  it('should thank an eliminated contestant, mention both charities and point to the leaderboard', async () => {
    const { screen } = open({ [PROFILE]: { body: makeProfile({ is_eliminated: true }) } });
    expect(await screen.findByRole('heading', { name: 'Thank You for Competing' })).toBeInTheDocument();
    expect(screen.getByText(/food bank charity/)).toHaveTextContent(/ocean conservation charity/);
    expect(screen.getByRole('link', { name: 'View Current Leaderboard' })).toHaveAttribute('href', paths.leaderboard());
    expect(screen.queryByRole('button', { name: V.castButton })).not.toBeInTheDocument();
  });

  it('should show the active view: picture, name, handle, social links, position, votes, photos, about and sharing', async () => {
    const { screen } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vera Voss' })).toBeInTheDocument();
    expect(screen.getByText('@vera')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vera Voss' })).toHaveAttribute('src', '/uploads/vera-1.jpg');
    expect(screen.getByRole('link', { name: 'vera on Instagram' })).toHaveAttribute('href', 'https://www.instagram.com/veravoss');
    expect(screen.getByRole('link', { name: 'vera on TikTok' })).toHaveAttribute('href', 'https://www.tiktok.com/@veravoss');
    expect(screen.getByText('#2 in Group')).toBeInTheDocument();
    expect(screen.getByText('120')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Vera Voss, photo 2' })).toBeInTheDocument();
    expect(screen.getByText('Late-night creature features.')).toBeInTheDocument();
    expect(screen.getAllByText('Nothing shared here yet.')).toHaveLength(2); // the empty answers
    expect(screen.queryByRole('link', { name: /Edit Profile Information/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Buy Additional Votes' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: '12 Votes' })).toHaveTextContent('$10');
    expect(screen.getByRole('listitem', { name: '325 Votes' })).toHaveTextContent('200 votes + 125 bonus');
    // Each part of the line keeps its words together, so a narrow card never breaks '200' from 'votes'.
    const parts = within(screen.getByRole('listitem', { name: '325 Votes' })).getByText('200 votes');
    expect(parts).toHaveClass('whitespace-nowrap');
    // GET /site offers no payment method here: paid votes are off.
    expect(await screen.findByText('Paid votes are not available right now')).toBeInTheDocument();
    for (const buy of screen.getAllByRole('button', { name: 'Buy Now' })) expect(buy).toBeDisabled();
    expect(screen.getByText('Post at peak hours: 8-10AM and 6-9PM.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Profile link' })).toHaveValue(`${window.location.origin}${paths.profile('vera')}`);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', paths.dashboard());
    expect(screen.getByRole('link', { name: 'How votes are counted' })).toHaveAttribute('href', paths.termsOfService({ hash: 'how-votes-are-counted' }));
  });

  it("should name a winner's place once the contest has named the winners", async () => {
    const profile = makeProfile({ current_position_in_group: 1 });
    const { screen } = open({ [PROFILE]: { body: { ...profile, active_contest_entry: { ...profile.active_contest_entry!, winner_place: 1 } } } });
    expect(await screen.findByText('Winner — 1st place')).toBeInTheDocument();
    expect(screen.getByText('#1 in Group')).toBeInTheDocument();
  });

  it('should say No photos available yet', async () => {
    const { screen } = open({ [PROFILE]: { body: makeProfile({ pictures_urls: [] }) } });
    expect(await screen.findByText(P.noPhotos)).toBeInTheDocument();
  });

  it.each([
    ['before the start', makeCountdown(at(0), at(DAY + 30_000), at(5 * DAY)), P.comingSoon, 'Voting starts in 1 day, 0 hours, 0 minutes'],
    ['while it runs', RUNNING, P.votingActive, 'Voting ends in 2 days, 3 hours, 0 minutes'],
    ['after the end', makeCountdown(at(0), at(-5 * DAY), at(-DAY)), P.ended, null],
    ['while it runs without an end', makeCountdown(at(0), at(-DAY), null), P.votingActive, null],
  ])('should count down by the server clock %s', async (_when, countdown, status, timer) => {
    const { screen } = open({ [COUNTDOWN]: { body: countdown } });
    const contest = await screen.findByRole('region', { name: 'Current contest' });
    expect(await within(contest).findByText(status)).toBeInTheDocument();
    expect(within(contest).getByRole('heading', { name: 'Fright Night 2030' })).toBeInTheDocument();
    if (timer) expect(within(contest).getByRole('timer')).toHaveAccessibleName(timer);
    else expect(within(contest).queryByRole('timer')).not.toBeInTheDocument();
  });

  it('should say when the contest cannot be loaded, and show nothing when there is no current contest', async () => {
    const failing = open({ [COUNTDOWN]: { status: 500, body: {} } });
    expect(await failing.screen.findByText(P.contestLoadFailed)).toBeInTheDocument();
    failing.unmount();
    const none = open({ [COUNTDOWN]: { status: 404, body: { detail: 'No current contest found.' } } });
    await voteButton(none);
    await waitFor(() => expect(none.net.requestsTo('GET', '/api/v1/admin/current-contest/countdown')).toHaveLength(1));
    expect(none.screen.queryByRole('region', { name: 'Current contest' })).not.toBeInTheDocument();
    expect(none.screen.queryByText(P.contestLoadFailed)).not.toBeInTheDocument();
  });

  it('should count the view once per opening, even under StrictMode', async () => {
    const app = open({}, { strict: true });
    await voteButton(app);
    await waitFor(() => expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/increment-views')).toHaveLength(1));
    // A second count would reach the network right after the first: give it the time to, then check again.
    await idle(200);
    expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/increment-views')).toHaveLength(1);
  });

  it('should add the vote at once, send it, toast, reload and then read Already Voted Today', async () => {
    const reply = deferred<Reply>();
    let served = 0;
    const app = open({
      [PROFILE]: () => ({ body: makeProfile({ total_votes: served++ === 0 ? 120 : 121 }) }),
      [VOTE]: () => reply.promise,
    });
    await app.user.click(await voteButton(app));
    expect(await app.screen.findByText('121')).toBeInTheDocument(); // before the server answered
    await waitFor(() => expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/vote')).toHaveLength(1));
    expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/vote')[0].body).toBeUndefined();

    reply.release({ status: 201, body: { message: 'Vote recorded', vote_id: 'v1' } });
    expect(await app.screen.findByText(V.counted)).toBeInTheDocument();
    expect(await app.screen.findByRole('button', { name: V.alreadyVotedButton })).toBeDisabled();
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/contestants/vera')).toHaveLength(2));
    expect(app.screen.getByText('121')).toBeInTheDocument();
  });

  it.each([
    ['another failure, with its detail', { status: 400, body: { detail: 'Voting has not started yet' } }, 'Voting has not started yet'],
    ['another failure without a detail', { status: 500, body: {} }, V.failed],
    ['a 403 with a detail', { status: 403, body: { detail: 'Votes are closed for this entry' } }, 'Votes are closed for this entry'],
    ['a 403 without a detail', { status: 403, body: {} }, V.notAuthorized],
  ])('should take the vote back on %s', async (_name, failure, message) => {
    const app = open({ [VOTE]: failure });
    await app.user.click(await voteButton(app));
    expect(await app.screen.findByText(message)).toBeInTheDocument();
    expect(await app.screen.findByText('120')).toBeInTheDocument();
    expect(app.screen.queryByText('121')).not.toBeInTheDocument();
    expect(app.screen.getByRole('button', { name: V.castButton })).toBeEnabled();
  });

  it("should treat a 403 'already casted' as voted: info, count back, Already Voted Today", async () => {
    // Voted from another device meanwhile: the check asked again says when the slot frees, and the message says it.
    let checks = 0;
    const next = new Date(Date.now() + 24 * 3_600_000);
    const app = open({
      [VOTE]: { status: 403, body: { detail: V.alreadyCasted } },
      [CHECK]: () => ({
        body: checks++ === 0 ? { hasVoted: false, next_vote_at: null, refusal: null } : { hasVoted: true, next_vote_at: next.toISOString(), refusal: null },
      }),
    });
    await app.user.click(await voteButton(app));
    const clock = next.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
    expect(await app.screen.findByText(`You've already voted today. Come back tomorrow at ${clock}!`)).toBeInTheDocument();
    expect(await app.screen.findByText('120')).toBeInTheDocument();
    expect(await app.screen.findByRole('button', { name: V.alreadyVotedButton })).toBeDisabled();
  });

  it('should check an earlier vote for any viewer of someone else’s profile, signed in or not, and never on one’s own', async () => {
    // A visitor who is not signed in: checked by their address, and the vote is offered.
    const anonymous = open();
    await voteButton(anonymous);
    expect(anonymous.net.requestsTo('GET', '/api/v1/contestants/vera/vote-check')).toHaveLength(1);
    anonymous.unmount();

    // Someone else, who voted today: checked, and the button is already spent.
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    const other = open({ [CHECK]: { body: { hasVoted: true } } });
    expect(await other.screen.findByRole('button', { name: V.alreadyVotedButton })).toBeDisabled();
    expect(other.net.requestsTo('GET', '/api/v1/contestants/vera/vote-check')).toHaveLength(1);
    other.unmount();

    // The owner: no check, and the edit hints.
    localStorage.setItem('token', makeToken({ sub: 'vera' }));
    const owner = open({ 'GET /api/v1/users/me': { body: meFor('vera') } });
    await voteButton(owner);
    expect(owner.net.requestsTo('GET', '/api/v1/contestants/vera/vote-check')).toHaveLength(0);
    expect(owner.screen.getByRole('link', { name: 'Edit Profile Information' })).toHaveAttribute('href', paths.profileBasics());
    expect(owner.screen.getAllByText("You haven't answered this yet. Edit your profile to tell fans about yourself.")).toHaveLength(2);
  });

  it('should show the running round, count down to its cut in the contest zone, and say how many go on', async () => {
    const heats = {
      id: 9,
      position: 1,
      name: 'Group Stage',
      ends_at: at(5 * DAY + 30_000),
      advance_per_group: 4,
      advance_total: null,
      state: 'running' as const,
      closed_at: null,
    };
    const final = {
      id: 10,
      position: 2,
      name: 'Final',
      ends_at: RUNNING.end_date!,
      advance_per_group: null,
      advance_total: null,
      state: 'upcoming' as const,
      closed_at: null,
    };
    const { screen } = open({
      [COUNTDOWN]: { body: { ...RUNNING, time_zone: 'Europe/Berlin', rounds: [heats, final], current_round: 1 } },
      'GET /api/v1/groups/5/leaderboard': { body: [makeItem(31, { username: 'vera', current_contest_votes: 40, rank: 1 })] },
    });
    const contest = await screen.findByRole('region', { name: 'Current contest' });
    expect(contest).toHaveTextContent('Round 1 of 2: Group Stage');
    // The cut in 5 days, not the contest's end in 2.
    expect(within(contest).getByRole('timer')).toHaveAccessibleName('Group Stage cut in 5 days, 0 hours, 0 minutes');
    expect(contest).toHaveTextContent('Cut at Oct 15, 2030, 2:00 PM GMT+2');
    expect(contest).toHaveTextContent('Top 4 of each group go on; the rest are eliminated.');
    expect(await screen.findByText('Everyone goes on this round')).toBeInTheDocument();
  });

  it('should show the owner, and only the owner, the votes to pass the next contestant and the cut line', async () => {
    const heats = {
      id: 9,
      position: 1,
      name: 'Heats',
      ends_at: at(DAY),
      advance_per_group: 1,
      advance_total: null,
      state: 'running' as const,
      closed_at: null,
    };
    const routes = {
      [COUNTDOWN]: { body: { ...RUNNING, rounds: [heats], current_round: 1 } },
      'GET /api/v1/groups/5/leaderboard': {
        body: [
          makeItem(44, { username: 'maisie.thorn', current_contest_votes: 52, rank: 1 }),
          makeItem(31, { username: 'vera', current_contest_votes: 40, rank: 2 }),
        ],
      },
    };
    localStorage.setItem('token', makeToken({ sub: 'vera' }));
    const owner = open({ ...routes, 'GET /api/v1/users/me': { body: meFor('vera') } });
    expect(await owner.screen.findByText('13 votes to pass @maisie.thorn · 12 votes below the cut')).toBeInTheDocument();
    owner.unmount();

    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    const visitor = open(routes);
    await voteButton(visitor);
    expect(visitor.screen.queryByText(/to pass @/)).not.toBeInTheDocument();
    // A fan sees where the contestant stands against the cut.
    expect(await visitor.screen.findByText('12 votes below the cut')).toBeInTheDocument();
  });

  it('should offer no vote until the check has answered: a visitor who voted today never sees an enabled button that then refuses', async () => {
    const check = deferred<Reply>();
    const app = open({ [CHECK]: () => check.promise });
    // Waiting, it does not read as a vote offered either: never 'Cast Your Free Vote' before 'Already Voted Today'.
    const button = await app.screen.findByRole('button', { name: 'Checking Your Vote...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(app.screen.queryByRole('button', { name: V.castButton })).not.toBeInTheDocument();
    await app.user.click(button);
    check.release({ body: { hasVoted: true, next_vote_at: new Date(Date.now() + 3_600_000).toISOString(), refusal: null } });
    expect(await app.screen.findByRole('button', { name: V.alreadyVotedButton })).toBeDisabled();
    expect(app.screen.getByText(/^Your next free vote: (today|tomorrow) at /)).toBeInTheDocument();
    expect(app.screen.queryByRole('button', { name: V.castButton })).not.toBeInTheDocument();
    expect(app.net.requestsTo('POST', '/api/v1/contestants/vera/vote')).toHaveLength(0);
    expect(app.screen.queryByText(V.alreadyVotedToday)).not.toBeInTheDocument();
  });

  it('should count a failed vote check as not voted', async () => {
    localStorage.setItem('token', makeToken({ sub: 'alice' }));
    const app = open({ [CHECK]: { status: 500, body: {} } });
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/contestants/vera/vote-check')).toHaveLength(1));
    expect(await voteButton(app)).toBeEnabled();
  });

  it('should follow the contestant, group and contest rooms and show tallied votes, position and elimination', async () => {
    const app = open();
    await voteButton(app);
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['contestant:vera', 'contests', 'group:5'])));

    await app.socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'vera', votes: 45, total: 125, rank: 2 }]));
    expect(app.screen.getByText('125')).toBeInTheDocument();
    expect(app.screen.getByText('#2 in Group')).toBeInTheDocument();
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 32, username: 'someone', votes: 1, total: 999, rank: 3 }]));
    expect(app.screen.queryByText('999')).not.toBeInTheDocument();

    await app.socket.push(
      'tally',
      tallyOf(5, [
        { entry_id: 31, username: 'vera', votes: 46, total: 126, rank: 1 },
        { entry_id: 32, username: 'someone', votes: 45, total: 999, rank: 2 },
      ]),
    );
    expect(app.screen.getByText('#1 in Group')).toBeInTheDocument();
    expect(app.screen.getByText('126')).toBeInTheDocument();

    await app.socket.push('eliminated', { entry_id: 31, username: 'vera', contest_id: 1, group_id: 5 });
    expect(await app.screen.findByRole('heading', { name: 'Thank You for Competing' })).toBeInTheDocument();
    app.unmount();
    expect(app.socket.joined()).toEqual(new Set());
  });

  it('should show a purchase credited after the page read the profile as paid votes, live and after a refetch read before it', async () => {
    const app = open();
    await voteButton(app);
    await waitFor(() => expect(app.socket.joined().size).toBe(3));
    // 120 votes, 20 of them paid in an earlier contest; none paid yet in this one (40 votes).
    expect(app.screen.getByText('· 100 free · 20 paid')).toBeInTheDocument();
    // A package of 12 credited: the tally names this entry's 12 paid votes.
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'vera', votes: 52, paid: 12, total: 132 }]));
    expect(app.screen.getByText('· 100 free · 32 paid')).toBeInTheDocument();
    // A refetch the server answered before its worker credited the package keeps the pushed split.
    app.socket.disconnect();
    app.socket.reconnect();
    app.socket.confirm();
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/contestants/vera')).toHaveLength(2));
    await idle(100);
    expect(app.screen.getByText('· 100 free · 32 paid')).toBeInTheDocument();
  });

  it('should not let a refetch that read an older count undo a pushed one', async () => {
    const app = open();
    await voteButton(app);
    await waitFor(() => expect(app.socket.joined().size).toBe(3));
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'vera', votes: 50, total: 130 }]));
    expect(app.screen.getByText('130')).toBeInTheDocument();
    // The server answered this refetch (120) before its worker had counted the pushed votes.
    app.socket.disconnect();
    app.socket.reconnect();
    app.socket.confirm();
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/contestants/vera')).toHaveLength(2));
    await idle(100);
    expect(app.screen.getByText('130')).toBeInTheDocument();
    expect(app.screen.queryByText('120')).not.toBeInTheDocument();
  });

  it('should take a refetch over an older, higher pushed count: votes voided while the tab was away stay voided', async () => {
    let total = 120;
    const app = open({ [PROFILE]: () => ({ body: makeProfile({ total_votes: total }) }) });
    await voteButton(app);
    await waitFor(() => expect(app.socket.joined().size).toBe(3));
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 31, username: 'vera', votes: 50, total: 130 }]));
    expect(app.screen.getByText('130')).toBeInTheDocument();
    app.socket.disconnect();
    const now = Date.now();
    const later = jest.spyOn(Date, 'now').mockImplementation(() => now + 60_000);
    try {
      total = 110; // review voided 20 of her votes meanwhile
      app.socket.reconnect();
      app.socket.confirm();
      await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/contestants/vera')).toHaveLength(2));
      await idle(100);
      expect(app.screen.getByText('110')).toBeInTheDocument();
      expect(app.screen.queryByText('130')).not.toBeInTheDocument();
    } finally {
      later.mockRestore();
    }
  });

  it('should move the countdown when the current contest changes', async () => {
    const app = open();
    const contest = await app.screen.findByRole('region', { name: 'Current contest' });
    expect(within(contest).getByText(P.votingActive)).toBeInTheDocument();
    await app.socket.push('contest', { ...makeCountdown(at(0), at(DAY + 30_000), at(5 * DAY)), contest_name: 'Fright Night Reloaded', is_current: true });
    expect(within(contest).getByRole('heading', { name: 'Fright Night Reloaded' })).toBeInTheDocument();
    expect(within(contest).getByText(P.comingSoon)).toBeInTheDocument();
  });

  it('should refetch what it shows after the socket reconnects', async () => {
    const app = open();
    await voteButton(app);
    await waitFor(() => expect(app.socket.joined().size).toBe(3));
    app.socket.disconnect();
    app.socket.reconnect();
    app.socket.confirm(); // the rooms are joined again: now a read misses nothing
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/contestants/vera')).toHaveLength(2));
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/admin/current-contest/countdown')).toHaveLength(2));
    expect(app.socket.joined()).toEqual(new Set(['contestant:vera', 'contests', 'group:5']));
  });

  it('should copy the link with a copied mark, and copy before opening a platform', async () => {
    const opened: unknown[][] = [];
    const realOpen = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    try {
      const app = open();
      await app.user.click(await app.screen.findByRole('button', { name: 'Copy link' }));
      expect(await app.screen.findByText(P.copied)).toBeInTheDocument();
      expect(app.screen.getByRole('button', { name: 'Link copied' })).toBeInTheDocument();
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}${paths.profile('vera')}`);

      await app.user.click(app.screen.getByRole('button', { name: 'TikTok' }));
      expect(await app.screen.findByText(P.copiedOpening('TikTok'))).toBeInTheDocument();
      expect(opened[0][0]).toBe('https://www.tiktok.com/');
    } finally {
      window.open = realOpen;
    }
  });

  it('should say when the link cannot be copied', async () => {
    const app = open();
    const button = await app.screen.findByRole('button', { name: 'Copy link' });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    await app.user.click(button);
    expect(await app.screen.findByText(P.copyFailed)).toBeInTheDocument();
  });
});
