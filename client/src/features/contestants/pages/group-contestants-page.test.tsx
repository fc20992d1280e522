import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { GROUP_ADMIN_MESSAGES as G } from '#contract/contests/messages';
import { paths } from '@/lib/paths';
import { adminToken, makeEntry, makeGroupContestants } from '@/testing/contest-fixtures';
import { mockNetwork, type Reply } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';
import { tallyOf } from '@/testing/tally';

const PATH = paths.admin.groupContestants(1, 5);
const GROUP = 'GET /api/v1/groups/5/contestants';

function open(routes: Record<string, Reply | (() => Reply)>, path = PATH) {
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, ...routes });
  return { ...renderApp(path), net };
}

describe('GroupContestantsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
  });

  it('should show rank, contestant, votes and status, with Eliminate only for active entries', async () => {
    const entries = [makeEntry(1), makeEntry(2, { is_eliminated: true }), makeEntry(3)];
    const { screen } = open({ [GROUP]: { body: makeGroupContestants(entries, { group_number: 4, capacity: 3, is_full: true }) } });
    expect(await screen.findByRole('heading', { name: 'Group 4 Contestants' })).toBeInTheDocument();
    expect(screen.getByText('3 contestants · Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByText('3 / 3')).toBeInTheDocument();
    expect(screen.getByText('Group Full')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Rank', 'Contestant', 'Votes', 'Status', 'Actions']);

    const [, first, second] = screen.getAllByRole('row');
    expect(within(first).getByText('#1')).toBeInTheDocument();
    expect(within(first).getByText('@screamer1')).toBeInTheDocument();
    expect(within(first).getByText('Scream Number1')).toBeInTheDocument();
    expect(within(first).getByText('990')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Eliminate screamer1' })).toBeInTheDocument();
    expect(within(second).getByText('Eliminated')).toBeInTheDocument();
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();
  });

  it('should eliminate after a confirmation and toast the result', async () => {
    let eliminated = false;
    const app = open({
      [GROUP]: () => ({ body: makeGroupContestants([makeEntry(1, { is_eliminated: eliminated })]) }),
      'PUT /api/v1/contestants/contestant-entries/101': () => {
        eliminated = true;
        return { body: { ...makeEntry(1, { is_eliminated: true }), message: 'ok' } };
      },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Eliminate screamer1' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Eliminate Contestant' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Eliminate' }));
    expect(await app.screen.findByText(G.eliminated)).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', '/api/v1/contestants/contestant-entries/101')[0].body).toEqual({ is_eliminated: true });
    expect(await app.screen.findByText('Eliminated')).toBeInTheDocument();
    expect(app.screen.queryByRole('button', { name: 'Eliminate screamer1' })).not.toBeInTheDocument();
  });

  it('should toast a failed elimination', async () => {
    const app = open({
      [GROUP]: { body: makeGroupContestants([makeEntry(1)]) },
      'PUT /api/v1/contestants/contestant-entries/101': { status: 500, body: {} },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Eliminate screamer1' }));
    await app.user.click(within(await app.screen.findByRole('dialog')).getByRole('button', { name: 'Eliminate' }));
    expect(await app.screen.findByText(G.eliminateFailed)).toBeInTheDocument();
  });

  it('should show 20 a page', async () => {
    const entries = Array.from({ length: 25 }, (_, i) => makeEntry(i + 1));
    const app = open({ [GROUP]: { body: makeGroupContestants(entries, { capacity: 30 }) } });
    expect(await app.screen.findByText('25 contestants · Page 1 of 2')).toBeInTheDocument();
    expect(app.screen.getAllByRole('row')).toHaveLength(21);
    expect(app.screen.getByText('Open Spots')).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Page 2' }));
    expect(await app.screen.findByText('25 contestants · Page 2 of 2')).toBeInTheDocument();
    expect(app.screen.getAllByRole('row')).toHaveLength(6);
    expect(app.screen.getByText('#21')).toBeInTheDocument();
  });

  it('should say when the group is empty', async () => {
    const { screen } = open({ [GROUP]: { body: makeGroupContestants([]) } });
    expect(await screen.findByText(G.noContestants)).toBeInTheDocument();
    expect(screen.getByText('0 / 30')).toBeInTheDocument();
  });

  it('should show the error view with Go Back and toast the failure', async () => {
    const app = open({ [GROUP]: { status: 404, body: { detail: G.groupNotFound } }, 'GET /api/v1/admin/contests/1': { status: 500 } });
    expect(await app.screen.findByRole('alert')).toHaveTextContent(G.groupNotFound);
    expect(await app.screen.findByText(G.groupContestantsToast)).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.contestGroups(1)));
  });

  it('should follow the group live: tallies reorder it by position, eliminations mark it', async () => {
    const app = open({ [GROUP]: { body: makeGroupContestants([makeEntry(1), makeEntry(2), makeEntry(3)]) } });
    await app.screen.findByRole('heading', { name: 'Group 1 Contestants' });
    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['group:5'])));
    await app.socket.push(
      'tally',
      tallyOf(5, [
        { entry_id: 103, username: 'screamer3', votes: 2000, rank: 1 },
        { entry_id: 101, username: 'screamer1', votes: 990, rank: 2 },
        { entry_id: 102, username: 'screamer2', votes: 990, rank: 2 },
      ]),
    );
    const rows = app.screen.getAllByRole('row').slice(1);
    expect(within(rows[0]).getByText('@screamer3')).toBeInTheDocument();
    expect(within(rows[0]).getByText('2,000')).toBeInTheDocument();
    // The admin list ranks by sorted position, without ties.
    expect(rows.map((r) => within(r).getByText(/^#\d+$/).textContent)).toEqual(['#1', '#2', '#3']);

    await app.socket.push('eliminated', { entry_id: 101, username: 'screamer1', contest_id: 1, group_id: 5 });
    expect(within(app.screen.getAllByRole('row')[2]).getByText('Eliminated')).toBeInTheDocument();
    expect(app.screen.queryByRole('button', { name: 'Eliminate screamer1' })).not.toBeInTheDocument();
    app.unmount();
    expect(app.socket.joined()).toEqual(new Set());
  });

  it('should fall back to the spec text without a detail', async () => {
    const { screen } = open({ [GROUP]: { status: 500, body: {} } });
    expect(await screen.findByRole('alert')).toHaveTextContent(G.groupLoadFailed);
  });
  it("should chart the group's contestants side by side on one scale, each with a table of their numbers", async () => {
    const start = '2030-01-01T00:00:00Z';
    const app = open({
      [GROUP]: { body: makeGroupContestants([makeEntry(1), makeEntry(2)], { group_number: 4 }) },
      'GET /api/v1/admin/groups/5/votes-over-time': {
        body: {
          bucket: 'day',
          series: [
            { entry_id: 101, username: 'screamer1', display_name: 'Scream Number1', points: [{ start, free: 10, paid: 30, voided: 0 }] },
            { entry_id: 102, username: 'screamer2', display_name: 'Scream Number2', points: [{ start, free: 10, paid: 0, voided: 0 }] },
          ],
        },
      },
    });
    const chart = within(await app.screen.findByRole('region', { name: 'Group 4 votes over time' }));
    const cards = await waitFor(() => {
      const found = chart.getAllByRole('listitem').filter((li) => li.querySelector('svg rect[data-kind]'));
      expect(found).toHaveLength(2);
      return found;
    });
    expect(cards.map((c) => c.querySelector('p')?.textContent)).toEqual(['Scream Number1 @screamer1', 'Scream Number2 @screamer2']);
    // One scale: the same 10 free votes are equally tall in both charts.
    const freeHeight = (card: HTMLElement) => Number(card.querySelector('rect[data-kind="free"]')!.getAttribute('height'));
    expect(freeHeight(cards[0])).toBeGreaterThan(0);
    expect(freeHeight(cards[1])).toBeCloseTo(freeHeight(cards[0]), 5);
    await app.user.click(within(cards[1]).getByText('Numbers for @screamer2'));
    expect(within(cards[1]).getByRole('table', { name: 'Votes per day for Scream Number2 (UTC)' })).toHaveTextContent('Total1000');
    expect(app.net.requestsTo('GET', '/api/v1/admin/groups/5/votes-over-time').map((r) => r.url)).toEqual([
      '/api/v1/admin/groups/5/votes-over-time?bucket=day',
    ]);
  });
});
