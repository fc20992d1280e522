import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { LIVE_STATUS_MESSAGES } from '#contract/live/events';
import { LEADERBOARD_MESSAGES as L } from '#contract/votes/messages';
import { inLocale } from '@/testing/locale';
import { paths } from '@/lib/paths';
import { mockNetwork, type Reply, type Responder } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { currentPath, idle, renderApp } from '@/testing/render-app';
import { tallyOf } from '@/testing/tally';
import { makeCountdown, makeItem } from '@/testing/vote-fixtures';

const ALL = 'GET /api/v1/groups/all-contestants';
const GROUP5 = 'GET /api/v1/groups/5/leaderboard';
const COUNTDOWN = 'GET /api/v1/admin/current-contest/countdown';
const NO_CONTEST: Reply = { status: 404, body: { detail: 'No current contest found.' } };

// Group 1 (id 5): ten contestants, the second eliminated, two tied for third. Group 2 (id 6): two.
const group1 = Array.from({ length: 10 }, (_, i) =>
  makeItem(i + 1, { rank: i === 3 ? 3 : i + 1, current_contest_votes: i === 3 ? 100 - 3 : 100 - (i + 1), is_eliminated: i === 1 }),
);
group1[0] = {
  ...group1[0],
  first_name: 'Morticia',
  last_name: 'Adams',
  username: 'queenofnight',
  picture_url: '/uploads/m.jpg',
  free_votes: 87,
  paid_votes: 12,
};
const group2 = [
  makeItem(21, { rank: 1, group_id: 6, group_number: 2, current_contest_votes: 500 }),
  makeItem(22, { rank: 2, group_id: 6, group_number: 2, current_contest_votes: 10 }),
];

function open(path: string, routes: Record<string, Responder> = {}) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    [ALL]: { body: { 'Group 2': group2, 'Group 1': group1 } },
    [GROUP5]: { body: group1 },
    [COUNTDOWN]: NO_CONTEST,
    ...routes,
  });
  return { ...renderApp(path), net };
}

const cards = (app: ReturnType<typeof open>) => within(app.screen.getByRole('list', { name: 'Contestants' })).getAllByRole('link');
const names = (app: ReturnType<typeof open>) => cards(app).map((c) => within(c).getByRole('heading').textContent);

describe('LeaderboardPage', () => {
  beforeEach(() => localStorage.clear());

  it('should show 8 cards a page, group after group, with uppercase names, handles, ranks, votes and profile links', async () => {
    const app = open(paths.leaderboard());
    await app.screen.findByRole('list', { name: 'Contestants' });
    expect(cards(app)).toHaveLength(8);
    const first = cards(app)[0];
    expect(first).toHaveAttribute('href', paths.profile('queenofnight'));
    expect(within(first).getByRole('heading')).toHaveTextContent('MORTICIA ADAMS');
    expect(first).toHaveTextContent('@queenofnight');
    expect(first).toHaveTextContent('Rank #1');
    expect(first).toHaveTextContent('99 votes');
    expect(first).toHaveTextContent('87 free · 12 paid');
    expect(cards(app)[1]).toHaveTextContent('98 free · 0 paid');
    expect(within(first).getByRole('img', { name: 'Morticia Adams' })).toHaveAttribute('src', '/uploads/m.jpg');

    await app.user.click(app.screen.getByRole('button', { name: 'Page 2' }));
    expect(names(app)).toEqual(['GHOUL NUMBER9', 'GHOUL NUMBER10', 'GHOUL NUMBER21', 'GHOUL NUMBER22']);
    expect(currentPath(app.router)).toBe(paths.leaderboard({ query: { page: 2 } }));
  });

  it('should show the winners their place once the contest has named them, in place of the rank badges', async () => {
    const named = [
      makeItem(1, { rank: 1, winner_place: 1 }),
      makeItem(2, { rank: 2, winner_place: 2 }),
      makeItem(3, { rank: 2, winner_place: 2 }),
      makeItem(4, { rank: 4 }),
    ];
    const app = open(paths.leaderboardGroup(5), { [GROUP5]: { body: named } });
    await app.screen.findByRole('list', { name: 'Contestants' });
    const [first, second, tied, fourth] = cards(app);
    expect(first).toHaveTextContent('Winner — 1st place');
    expect(first.className).toContain('ring-amber-400');
    expect(second).toHaveTextContent('Winner — 2nd place');
    expect(tied).toHaveTextContent('Winner — 2nd place');
    expect(second).not.toHaveTextContent('2nd place2nd');
    expect(fourth).not.toHaveTextContent(/Winner|place/);
  });

  it('should badge the top 3 that are not eliminated, highlight rank 1 and grey out the eliminated', async () => {
    const app = open(paths.leaderboardGroup(5));
    await app.screen.findByRole('list', { name: 'Contestants' });
    const [first, second, third, tied] = cards(app);
    expect(first).toHaveTextContent('1st place');
    expect(first.className).toContain('ring-amber-400');
    expect(second).toHaveTextContent('Eliminated');
    expect(second).not.toHaveTextContent('2nd place');
    expect(second.className).toContain('grayscale');
    // Ties share a rank: both third-placed cards carry it.
    expect(third).toHaveTextContent('Rank #3');
    expect(third).toHaveTextContent('3rd place');
    expect(tied).toHaveTextContent('Rank #3');
    expect(tied).toHaveTextContent('3rd place');
    expect(cards(app)[4]).not.toHaveTextContent(/place/);
  });

  it('should search first name, last name and username, and go back to page 1', async () => {
    const app = open(paths.leaderboard({ query: { page: 2 } }));
    await app.screen.findByRole('list', { name: 'Contestants' });
    const search = app.screen.getByPlaceholderText(L.searchPlaceholder);
    await app.user.type(search, 'morti');
    expect(names(app)).toEqual(['MORTICIA ADAMS']);
    expect(currentPath(app.router)).toBe(paths.leaderboard());
    await app.user.clear(search);
    await app.user.type(search, 'ADAMS');
    expect(names(app)).toEqual(['MORTICIA ADAMS']);
    await app.user.clear(search);
    await app.user.type(search, 'ghoul2');
    expect(names(app)).toEqual(['GHOUL NUMBER2', 'GHOUL NUMBER21', 'GHOUL NUMBER22']);
    await app.user.clear(search);
    await app.user.type(search, 'nobody');
    expect(app.screen.getByText('No contestants match "nobody".')).toBeInTheDocument();
  });

  it('should switch between all groups and one group with the selector', async () => {
    const app = open(paths.leaderboard());
    const select = await app.screen.findByRole('combobox', { name: 'Group' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All Groups', 'Group 1', 'Group 2']),
    );
    await app.user.selectOptions(select, 'Group 1');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.leaderboardGroup(5)));
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/groups/5/leaderboard')).toHaveLength(1));
    expect(await app.screen.findByText('Group 1 standings, live as fans vote.')).toBeInTheDocument();
    // The heading shows at once; the cards once the group's answer is rendered.
    await waitFor(() => expect(names(app)).toHaveLength(8));
    expect(names(app)).not.toContain('GHOUL NUMBER21');
    await app.user.selectOptions(app.screen.getByRole('combobox', { name: 'Group' }), 'All Groups');
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.leaderboard()));
  });

  it('should show the spec error text and an empty state', async () => {
    const failing = open(paths.leaderboard(), { [ALL]: { status: 500, body: {} } });
    expect(await failing.screen.findByRole('alert')).toHaveTextContent(L.loadFailed);
    failing.unmount();
    const groupFailing = open(paths.leaderboardGroup(5), { [GROUP5]: { status: 500, body: {} } });
    expect(await groupFailing.screen.findByRole('alert')).toHaveTextContent('Failed to load leaderboard data. Please try again later.');
    groupFailing.unmount();
    const empty = open(paths.leaderboard(), { [ALL]: { body: {} } });
    expect(await empty.screen.findByText('No contestants yet. Check back once the contest is under way.')).toBeInTheDocument();
  });

  it('should show skeletons while loading', async () => {
    mockNetwork({ 'GET /api/v1/site': { body: SITE }, [ALL]: () => new Promise<Reply>(() => {}) } as never);
    const app = renderApp(paths.leaderboard());
    expect(await app.screen.findByRole('status')).toHaveTextContent('Loading...');
  });

  it('should follow the rooms of the groups shown and reorder on tallies', async () => {
    const app = open(paths.leaderboardGroup(5));
    await app.screen.findByRole('list', { name: 'Contestants' });
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['group:5'])));
    expect(names(app).slice(0, 3)).toEqual(['MORTICIA ADAMS', 'GHOUL NUMBER2', 'GHOUL NUMBER3']);

    // Ghoul 3 overtakes everyone: the tally names only the entries whose votes, rank or elimination changed.
    await app.socket.push(
      'tally',
      tallyOf(5, [
        { entry_id: 3, username: 'ghoul3', votes: 150, rank: 1 },
        { entry_id: 1, username: 'queenofnight', votes: 99, paid: 12, rank: 2 },
        { entry_id: 2, username: 'ghoul2', votes: 98, rank: 3, eliminated: true },
      ]),
    );
    expect(names(app).slice(0, 3)).toEqual(['GHOUL NUMBER3', 'MORTICIA ADAMS', 'GHOUL NUMBER2']);
    expect(cards(app)[0]).toHaveTextContent('150 votes');
    expect(cards(app)[0]).toHaveTextContent('1st place');
    expect(cards(app)[1]).toHaveTextContent('Rank #2');

    // Another group's tally changes nothing here; this group's does.
    await app.socket.push('tally', tallyOf(6, [{ entry_id: 1, username: 'queenofnight', votes: 0, rank: 9 }]));
    expect(cards(app)[1]).toHaveTextContent('Rank #2');
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 1, username: 'queenofnight', votes: 120, paid: 12, rank: 2 }]));
    expect(cards(app)[1]).toHaveTextContent('120 votes');
    await app.socket.push('eliminated', { entry_id: 3, username: 'ghoul3', contest_id: 1, group_id: 5 });
    expect(cards(app)[0]).toHaveTextContent('Eliminated');
    expect(cards(app)[0]).not.toHaveTextContent('1st place');
  });

  it('should keep free and paid apart on a card as tallies move them: a paid credit adds to paid, a free vote to free', async () => {
    const app = open(paths.leaderboardGroup(5));
    await app.screen.findByRole('list', { name: 'Contestants' });
    const morticia = () => cards(app).find((c) => c.getAttribute('href') === paths.profile('queenofnight'))!;
    expect(morticia()).toHaveTextContent('87 free · 12 paid');

    // A package of 12 votes credited: the total and the paid count move together, free stays.
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 1, username: 'queenofnight', votes: 111, paid: 24, total: 311 }]));
    expect(morticia()).toHaveTextContent('111 votes');
    expect(morticia()).toHaveTextContent('87 free · 24 paid');

    // Then one free vote.
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 1, username: 'queenofnight', votes: 112, paid: 24, total: 312 }]));
    expect(morticia()).toHaveTextContent('112 votes');
    expect(morticia()).toHaveTextContent('88 free · 24 paid');
  });

  it('should update the all-groups view from the tallies of any group shown', async () => {
    const app = open(paths.leaderboard());
    await app.screen.findByRole('list', { name: 'Contestants' });
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['group:5', 'group:6'])));
    await app.socket.push(
      'tally',
      tallyOf(6, [
        { entry_id: 22, username: 'ghoul22', votes: 600, rank: 1 },
        { entry_id: 21, username: 'ghoul21', votes: 500, rank: 2 },
      ]),
    );
    await app.user.click(app.screen.getByRole('button', { name: 'Page 2' }));
    expect(names(app).slice(2)).toEqual(['GHOUL NUMBER22', 'GHOUL NUMBER21']);
    expect(cards(app)[2]).toHaveTextContent('600 votes');
  });

  it('should refetch when a tally names a contestant it does not show', async () => {
    const app = open(paths.leaderboardGroup(5));
    await app.screen.findByRole('list', { name: 'Contestants' });
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 99, username: 'newbie', votes: 1, rank: 11 }]));
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/groups/5/leaderboard')).toHaveLength(2));
  });

  it('should read the group again once per reconnect, not on the attempts that failed, and keep a tally that read raced', async () => {
    const app = open(paths.leaderboardGroup(5));
    await app.screen.findByRole('list', { name: 'Contestants' });
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['group:5'])));
    app.socket.confirm(); // joined: what was read before the join is read again
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/groups/5/leaderboard')).toHaveLength(2));
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 1, username: 'queenofnight', votes: 130, paid: 12, rank: 1 }]));

    app.socket.disconnect();
    app.socket.failAttempt();
    app.socket.failAttempt();
    await idle(100);
    expect(app.net.requestsTo('GET', '/api/v1/groups/5/leaderboard')).toHaveLength(2);
    app.socket.reconnect();
    app.socket.confirm();
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/groups/5/leaderboard')).toHaveLength(3));
    await idle(100);
    expect(app.net.requestsTo('GET', '/api/v1/groups/5/leaderboard')).toHaveLength(3);
    // The server's answer (99 votes) was read before the tally of 130 reached it: the card keeps 130.
    const morticia = cards(app).find((c) => c.getAttribute('href') === paths.profile('queenofnight'))!;
    expect(morticia).toHaveTextContent('130 votes');
    expect(morticia).toHaveTextContent('118 free · 12 paid');
  });

  it('should show what a refetch read over an older, higher pushed count: a void while the tab was away lowers it for good', async () => {
    let votes = 99;
    const app = open(paths.leaderboardGroup(5), {
      [GROUP5]: () => ({ body: [{ ...group1[0], current_contest_votes: votes, free_votes: votes - 12 }, ...group1.slice(1)] }),
    });
    await app.screen.findByRole('list', { name: 'Contestants' });
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['group:5'])));
    app.socket.confirm();
    await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/groups/5/leaderboard')).toHaveLength(2));
    await app.socket.push('tally', tallyOf(5, [{ entry_id: 1, username: 'queenofnight', votes: 130, paid: 12, rank: 1 }]));
    const morticia = () => cards(app).find((c) => c.getAttribute('href') === paths.profile('queenofnight'))!;
    expect(morticia()).toHaveTextContent('130 votes');

    // Offline for a while (past the race window); meanwhile 40 of her votes are voided.
    app.socket.disconnect();
    const now = Date.now();
    const later = jest.spyOn(Date, 'now').mockImplementation(() => now + 60_000);
    try {
      votes = 90;
      app.socket.reconnect();
      app.socket.confirm();
      await waitFor(() => expect(app.net.requestsTo('GET', '/api/v1/groups/5/leaderboard')).toHaveLength(3));
      await idle(100);
      expect(morticia()).toHaveTextContent('90 votes');
      expect(morticia()).toHaveTextContent('78 free · 12 paid');
    } finally {
      later.mockRestore();
    }
  });

  it("should say 'reconnecting…' quietly while the live connection stays lost, and clear it once it is back", async () => {
    const app = open(paths.leaderboardGroup(5));
    await app.screen.findByRole('list', { name: 'Contestants' });
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['group:5'])));
    app.socket.disconnect();
    app.socket.failAttempt();
    expect(app.screen.queryByText(LIVE_STATUS_MESSAGES.reconnecting)).not.toBeInTheDocument(); // not for a blip
    const status = await app.screen.findByText(LIVE_STATUS_MESSAGES.reconnecting);
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveClass('fixed'); // over the page, so showing it moves nothing
    expect(cards(app)[0]).toHaveTextContent('99 votes'); // the page stays as it was

    app.socket.reconnect();
    await waitFor(() => expect(app.screen.queryByText(LIVE_STATUS_MESSAGES.reconnecting)).not.toBeInTheDocument());
    expect(status).toBeInTheDocument(); // the live region stays, empty
    expect(status).toBeEmptyDOMElement();
  });

  it("should say 'Group not found' for a group that does not exist, and not offer it in the selector", async () => {
    const app = open(paths.leaderboardGroup(999), { 'GET /api/v1/groups/999/leaderboard': { status: 404, body: { detail: 'Group not found' } } });
    expect(await app.screen.findByRole('alert')).toHaveTextContent('Group not found');
    expect(app.screen.queryByText(L.loadFailed)).not.toBeInTheDocument();
    const select = app.screen.getByRole('combobox', { name: 'Group' });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All Groups', 'Group 1', 'Group 2']),
    );
    expect(select).toHaveValue('all');
    await app.user.click(app.screen.getByRole('button', { name: 'See All Groups' }));
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.leaderboard()));
  });

  describe('the running round and its cut', () => {
    const rounds = (over: { advance_per_group?: number | null; advance_total?: number | null } = {}) => ({
      ...makeCountdown('2030-10-05T00:00:00.000Z', '2030-10-01T00:00:00.000Z', '2030-10-31T00:00:00.000Z'),
      time_zone: 'America/New_York',
      current_round: 1,
      rounds: [
        {
          id: 11,
          position: 1,
          name: 'Group Stage',
          ends_at: '2030-10-10T00:00:00.000Z',
          advance_per_group: 3,
          advance_total: null,
          state: 'running' as const,
          closed_at: null,
          ...over,
        },
        {
          id: 12,
          position: 2,
          name: 'Final',
          ends_at: '2030-10-31T00:00:00.000Z',
          advance_per_group: null,
          advance_total: null,
          state: 'upcoming' as const,
          closed_at: null,
        },
      ],
    });

    it('should name the round, count down to its cut in the contest zone, and draw the line with who is below it', async () => {
      const app = open(paths.leaderboardGroup(5), { [COUNTDOWN]: { body: rounds() } });
      const banner = await app.screen.findByRole('region', { name: 'Current round' });
      expect(banner).toHaveTextContent('Round 1 of 2');
      expect(within(banner).getByRole('heading', { name: 'Group Stage' })).toBeInTheDocument();
      expect(within(banner).getByRole('timer')).toHaveTextContent(/^\d+d \d+h \d+m$/);
      expect(banner).toHaveTextContent('Oct 9, 2030, 8:00 PM EDT');
      expect(banner).toHaveTextContent('Top 3 of each group go on; the rest are eliminated.');
      // Ranks among those still in: 99, 97, 97 go on (the eliminated second is passed over, ties at the cut go on).
      const list = app.screen.getByRole('list', { name: 'Contestants' });
      const items = within(list).getAllByRole('listitem');
      expect(items.map((li) => (li.dataset.testid === 'cut-line' ? 'LINE' : within(li).getByRole('heading').textContent))).toEqual([
        'MORTICIA ADAMS',
        'GHOUL NUMBER2',
        'GHOUL NUMBER3',
        'GHOUL NUMBER4',
        'LINE',
        'GHOUL NUMBER5',
        'GHOUL NUMBER6',
        'GHOUL NUMBER7',
        'GHOUL NUMBER8',
      ]);
      expect(items[4]).toHaveTextContent('Top 3 of each group go on · below the cut');
      expect(cards(app).map((c) => c.hasAttribute('data-below-cut'))).toEqual([false, false, false, false, true, true, true, true]);
      expect(cards(app)[4]).toHaveTextContent('Below the cut');
    });

    it('should move the line when a tally changes the order', async () => {
      const app = open(paths.leaderboardGroup(5), { [COUNTDOWN]: { body: rounds() } });
      await app.screen.findByRole('region', { name: 'Current round' });
      await app.socket.push('tally', tallyOf(5, [{ entry_id: 5, username: 'ghoul5', votes: 300, rank: 1 }]));
      await waitFor(() => expect(cards(app).find((c) => c.getAttribute('href') === paths.profile('ghoul5'))).not.toHaveAttribute('data-below-cut'));
      // Now 300, 99, 97, 97: four go on (two tied at third), and the line sits after them.
      expect(cards(app).filter((c) => c.hasAttribute('data-below-cut'))).toHaveLength(3);
    });

    it('should rank an overall cut across every group', async () => {
      const app = open(paths.leaderboard(), { [COUNTDOWN]: { body: rounds({ advance_per_group: null, advance_total: 2 }) } });
      const banner = await app.screen.findByRole('region', { name: 'Current round' });
      expect(banner).toHaveTextContent('Top 2 go on; the rest are eliminated.');
      // Group 2's 500 and Group 1's 99 go on; everyone else still in the race is below.
      const goingOn = () =>
        cards(app)
          .filter((c) => !c.hasAttribute('data-below-cut') && !c.hasAttribute('data-eliminated'))
          .map((c) => c.getAttribute('href'));
      await waitFor(() => expect(goingOn()).toEqual([paths.profile('queenofnight')]));
      await app.user.click(app.screen.getByRole('button', { name: 'Page 2' }));
      expect(goingOn()).toEqual([paths.profile('ghoul21')]);
    });

    it('should show no round for a group outside the current contest, nor without rounds', async () => {
      const other = open(paths.leaderboardGroup(7), {
        'GET /api/v1/groups/7/leaderboard': { body: [makeItem(70, { group_id: 7, group_number: 3 })] },
        [COUNTDOWN]: { body: rounds() },
      });
      await other.screen.findByRole('list', { name: 'Contestants' });
      expect(other.screen.queryByRole('region', { name: 'Current round' })).not.toBeInTheDocument();
      expect(other.screen.getByRole('combobox', { name: 'Group' })).toHaveValue('7');
      other.unmount();
      const plain = open(paths.leaderboardGroup(5));
      await plain.screen.findByRole('list', { name: 'Contestants' });
      expect(plain.screen.queryByRole('region', { name: 'Current round' })).not.toBeInTheDocument();
      expect(plain.screen.queryByTestId('cut-line')).not.toBeInTheDocument();
    });

    describe('in Brazilian Portuguese', () => {
      inLocale('pt-BR');

      it('should show the cards, the round, its cut and the group choice in Portuguese', async () => {
        const app = open(paths.leaderboardGroup(5), { [COUNTDOWN]: { body: rounds() } });
        const list = await app.screen.findByRole('list', { name: 'Participantes' });
        const banner = await app.screen.findByRole('region', { name: 'Rodada atual' });
        expect(banner).toHaveTextContent('Rodada 1 de 2');
        expect(within(banner).getByRole('timer')).toHaveTextContent(/^\d+ d \d+ h \d+ min$/);
        expect(banner).toHaveTextContent('Os 3 primeiros de cada grupo seguem; os demais são eliminados.');
        const first = within(list).getAllByRole('link')[0];
        expect(first).toHaveTextContent('Posição #1');
        expect(first).toHaveTextContent('99 votos');
        expect(first).toHaveTextContent('87 grátis · 12 pagos');
        expect(within(list).getByTestId('cut-line')).toHaveTextContent('Os 3 primeiros de cada grupo seguem · abaixo do corte');
        expect(within(list).getAllByText('Abaixo do corte').length).toBeGreaterThan(0);
        expect(await app.screen.findByRole('option', { name: 'Grupo 1' })).toBeInTheDocument();
        expect(app.screen.getByText('Buscar participantes')).toBeInTheDocument();
      });

      it('should say in Portuguese that no contestant matches a search', async () => {
        const app = open(paths.leaderboard());
        await app.screen.findByRole('list', { name: 'Participantes' });
        await app.user.type(app.screen.getByRole('searchbox'), 'zzz');
        expect(await app.screen.findByText('Nenhum participante corresponde a "zzz".')).toBeInTheDocument();
      });
    });
  });
});
