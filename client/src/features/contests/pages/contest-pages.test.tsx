import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { ADMIN_VOTE_MESSAGES } from '#contract/votes/messages';
import { PARTICIPANT_EXPORT_MESSAGES } from '#contract/account/messages';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import { files } from '@/lib/download';
import { inLocale } from '@/testing/locale';
import { paths } from '@/lib/paths';
import { readText } from '@/testing/blobs';
import { adminToken, deferred, makeContest } from '@/testing/contest-fixtures';
import { mockNetwork, type Reply, type RecordedRequest } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { staffToken } from '@/testing/tokens';

type Routes = Record<string, Reply | ((call: RecordedRequest) => Reply | Promise<Reply>)>;
function open(path: string, routes: Routes) {
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, ...routes });
  return { ...renderApp(path), net };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('token', adminToken());
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('ContestDetailPage', () => {
  it('should show badges, dates or Not set, and the two cards', async () => {
    const contest = makeContest({ id: 4, name: 'Fright Night', is_current: true, end_date: null, group_count: 3 });
    const { screen } = open(paths.admin.contest(4), { 'GET /api/v1/admin/contests/4': { body: contest } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fright Night' })).toBeInTheDocument();
    expect(screen.queryByText(M.createdBanner)).not.toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Current Contest')).toBeInTheDocument();
    expect(screen.getByText('Not set')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Manage Groups/ })).toHaveAttribute('href', paths.admin.contestGroups(4));
    expect(screen.getByRole('link', { name: /Manage Groups/ })).toHaveTextContent('3 groups');
    expect(screen.getByRole('link', { name: /Edit Contest/ })).toHaveAttribute('href', paths.admin.editContest(4));
    expect(screen.getByRole('link', { name: 'Back to Contests' })).toHaveAttribute('href', paths.admin.contests());
  });

  it("should list the rounds with their cuts and states, and preview an open round's cut at today's counts", async () => {
    const heats = {
      id: 11,
      position: 1,
      name: 'Heats',
      ends_at: '2030-10-08T18:00:00.000Z',
      advance_per_group: 2,
      advance_total: null,
      state: 'closed' as const,
      closed_at: '2030-10-08T18:00:01.000Z',
    };
    const semis = {
      id: 12,
      position: 2,
      name: 'Semis',
      ends_at: '2030-10-20T18:00:00.000Z',
      advance_per_group: null,
      advance_total: 10,
      state: 'running' as const,
      closed_at: null,
    };
    const final = {
      id: 13,
      position: 3,
      name: 'Final',
      ends_at: '2030-10-31T23:00:00.000Z',
      advance_per_group: null,
      advance_total: null,
      state: 'upcoming' as const,
      closed_at: null,
    };
    const contest = makeContest({ id: 5, winners: 3, rounds: [heats, semis, final], current_round: 2 });
    const preview = {
      round: semis,
      last: false,
      advancing: 1,
      eliminated: 1,
      entries: [
        { entry_id: 1, username: 'maisie.thorn', group_id: 3, group_number: 1, votes: 1200, rank: 1, advances: true },
        { entry_id: 2, username: 'vera.voss', group_id: 4, group_number: 2, votes: 15, rank: 2, advances: false },
      ],
    };
    const { screen, user, net } = open(paths.admin.contest(5), {
      'GET /api/v1/admin/contests/5': { body: contest },
      'GET /api/v1/admin/contests/5/rounds/2/cut': { body: preview },
      'GET /api/v1/admin/contests/5/rounds/3/cut': { status: 500, body: { detail: 'Internal Server Error' } },
    });
    const rounds = (await screen.findByRole('region', { name: 'Rounds' })) as HTMLElement;
    const items = within(rounds).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Round 1: Heats Closed',
      'Round 2: Semis Running',
      'Round 3: Final Upcoming',
    ]);
    expect(within(items[0]).getByText(/Top 2 of each group go on/)).toHaveTextContent('Ended Oct 8, 2030, 6:00 PM UTC · Top 2 of each group go on');
    expect(within(items[1]).getByText(/Top 10 of the contest go on/)).toBeInTheDocument();
    expect(within(items[2]).getByText(/Names 3 winners/)).toBeInTheDocument();
    // A closed round has nothing to preview.
    expect(within(items[0]).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(items[1]).getByRole('button', { name: 'Preview cut' }));
    expect(await within(items[1]).findByText(/1 would go on and 1 would be eliminated/)).toBeInTheDocument();
    const rows = within(items[1]).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1@maisie.thornGroup 11,200Goes on', '2@vera.vossGroup 215Out']);
    expect(within(items[1]).getByRole('button', { name: 'Refresh preview' })).toBeInTheDocument();
    expect(net.requestsTo('GET', '/api/v1/admin/contests/5/rounds/2/cut')).toHaveLength(1);

    await user.click(within(items[2]).getByRole('button', { name: 'Preview cut' }));
    expect(await within(items[2]).findByRole('alert')).toHaveTextContent('Failed to load the preview');
  });

  it('should name the winners on the contest page and the dashboard once the last round has closed', async () => {
    const final = {
      id: 13,
      position: 1,
      name: 'Final',
      ends_at: '2030-10-31T23:00:00.000Z',
      advance_per_group: null,
      advance_total: null,
      state: 'closed' as const,
      closed_at: '2030-10-31T23:00:01.000Z',
    };
    const named_winners = [
      { place: 1, entry_id: 1, username: 'maisie.thorn', first_name: 'Maisie', last_name: 'Thorn', picture_url: null },
      { place: 2, entry_id: 2, username: 'vera', first_name: 'Vera', last_name: 'Voss', picture_url: null },
      { place: 2, entry_id: 3, username: 'otto', first_name: 'Otto', last_name: 'Graves', picture_url: null },
    ];
    const contest = makeContest({ id: 7, name: 'Done Deal', winners: 2, rounds: [final], named_winners });
    const detail = open(paths.admin.contest(7), { 'GET /api/v1/admin/contests/7': { body: contest } });
    const rounds = await detail.screen.findByRole('region', { name: 'Rounds' });
    expect(rounds).toHaveTextContent('Winners: 1st @maisie.thorn, 2nd @vera, 2nd @otto');
    detail.unmount();
    const dashboard = open(paths.admin.dashboard(), {
      'GET /api/v1/admin/all-contests': { body: [contest], headers: { 'x-total-count': '1' } },
    });
    expect(await dashboard.screen.findByRole('article', { name: 'Done Deal' })).toHaveTextContent('Winners: 1st @maisie.thorn, 2nd @vera, 2nd @otto');
  });

  it("should show the contest's dates in its own time zone, named", async () => {
    const contest = makeContest({ id: 8, time_zone: 'America/New_York', start_date: '2030-10-01T16:00:00.000Z', end_date: '2030-12-01T17:00:00.000Z' });
    const { screen } = open(paths.admin.contest(8), { 'GET /api/v1/admin/contests/8': { body: contest } });
    expect(await screen.findByText('Oct 1, 2030, 12:00 PM EDT')).toBeInTheDocument();
    expect(screen.getByText('Dec 1, 2030, 12:00 PM EST')).toBeInTheDocument();
  });

  it('should say when a contest has no rounds', async () => {
    const { screen } = open(paths.admin.contest(6), { 'GET /api/v1/admin/contests/6': { body: makeContest({ id: 6 }) } });
    const rounds = await screen.findByRole('region', { name: 'Rounds' });
    expect(rounds).toHaveTextContent('No rounds: contestants are eliminated by hand.');
  });

  it("should export the contest's votes as a CSV file with the token, and report a failed export", async () => {
    const save = jest.spyOn(files, 'save').mockImplementation(() => undefined);
    const csv = 'cast_at,vote_id,kind\r\n2030-01-01T12:00:00.000000Z,abc,free\r\n';
    let reply: Reply = { body: csv };
    const app = open(paths.admin.contest(4), {
      'GET /api/v1/admin/contests/4': { body: makeContest({ id: 4, name: 'Fright Night' }) },
      'GET /api/v1/admin/votes/export': () => reply,
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Export votes (CSV)' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, name] = save.mock.calls[0];
    expect(await readText(blob)).toBe(csv);
    expect(name).toBe('votes-contest-4.csv');
    const request = app.net.requestsTo('GET', '/api/v1/admin/votes/export')[0];
    expect(request.url).toBe('/api/v1/admin/votes/export?contest_id=4');
    expect(request.headers.get('authorization')).toBe(`Bearer ${localStorage.getItem('token')}`);

    reply = { status: 500, body: {} };
    // Once the first export is over, the button is back.
    await app.user.click(await app.screen.findByRole('button', { name: 'Export votes (CSV)' }));
    expect(await app.screen.findByText(ADMIN_VOTE_MESSAGES.exportFailed)).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("should export the contest's participants as a CSV file, busy meanwhile, and report a failed export", async () => {
    const save = jest.spyOn(files, 'save').mockImplementation(() => undefined);
    const csv = 'username,first_name\r\nvera,Vera\r\n';
    const first = deferred<Reply>();
    let reply: Reply | null = null;
    const app = open(paths.admin.contest(4), {
      'GET /api/v1/admin/contests/4': { body: makeContest({ id: 4, name: 'Fright Night' }) },
      'GET /api/v1/admin/contests/4/participants': () => reply ?? first.promise,
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Export participants (CSV)' }));
    expect(await app.screen.findByRole('button', { name: 'Exporting...' })).toHaveAttribute('aria-busy', 'true');
    first.release({ body: csv });
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, name] = save.mock.calls[0];
    expect(await readText(blob)).toBe(csv);
    expect(name).toBe('participants-contest-4.csv');
    expect(app.net.requestsTo('GET', '/api/v1/admin/contests/4/participants')[0].headers.get('authorization')).toBe(`Bearer ${localStorage.getItem('token')}`);

    reply = { status: 500, body: {} };
    await app.user.click(await app.screen.findByRole('button', { name: 'Export participants (CSV)' }));
    expect(await app.screen.findByText(PARTICIPANT_EXPORT_MESSAGES.exportFailed)).toBeInTheDocument();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('should not offer the participants export to a moderator', async () => {
    localStorage.setItem('token', staffToken('moderator', { sub: 'mod', email: 'mod@example.com' }));
    const app = open(paths.admin.contest(4), { 'GET /api/v1/admin/contests/4': { body: makeContest({ id: 4, name: 'Fright Night' }) } });
    expect(await app.screen.findByRole('heading', { name: 'Fright Night' })).toBeInTheDocument();
    expect(app.screen.queryByRole('button', { name: 'Export participants (CSV)' })).not.toBeInTheDocument();
  });

  it('should show a skeleton while loading, then Contest not found on a 404', async () => {
    const reply = deferred<Reply>();
    const { screen } = open(paths.admin.contest(4), { 'GET /api/v1/admin/contests/4': () => reply.promise });
    expect(await screen.findByText('Loading...', { selector: '.sr-only' })).toBeInTheDocument();
    reply.release({ status: 404, body: { detail: 'Contest not found' } });
    expect(await screen.findByRole('heading', { name: M.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Contests' })).toHaveAttribute('href', paths.admin.contests());
  });

  it('should toast other failures and return to the list', async () => {
    const app = open(paths.admin.contest(4), {
      'GET /api/v1/admin/contests/4': { status: 500, body: {} },
      'GET /api/v1/admin/all-contests': { body: [], headers: { 'x-total-count': '0' } },
    });
    expect(await app.screen.findByText(M.detailsFailed)).toBeInTheDocument();
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.contests()));
  });
});

describe('ContestDetailPage in Brazilian Portuguese', () => {
  inLocale('pt-BR');

  it('should show the details, the rounds and the cards in Portuguese', async () => {
    const contest = makeContest({ id: 4, name: 'Fright Night', end_date: null, group_count: 1, group_capacity: 30 });
    const { screen } = open(paths.admin.contest(4), { 'GET /api/v1/admin/contests/4': { body: contest } });
    // The page's own chunk may be the first this file loads: it is given the time a busy machine needs.
    expect(await screen.findByRole('heading', { level: 1, name: 'Fright Night' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByText('Não definida')).toBeInTheDocument();
    expect(screen.getByText('30 por grupo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rodadas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Gerenciar grupos/ })).toHaveTextContent('1 grupo');
    expect(screen.getByRole('link', { name: /Editar concurso/ })).toHaveAttribute('href', paths.admin.editContest(4));
    expect(screen.getByRole('link', { name: 'Voltar aos concursos' })).toHaveAttribute('href', paths.admin.contests());
  });
});
