// The framed leaderboard: a group's standings without the site around them, moved by the group's
// tallies, names opening the profile in a new window; compact without pictures; a group of no one.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { paths } from '@/lib/paths';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type Responder } from '@/testing/server';
import { tallyOf } from '@/testing/tally';
import { makeItem } from '@/testing/vote-fixtures';

const BOARD = 'GET /api/v1/groups/5/leaderboard';
const ITEMS = [
  makeItem(1, { group_id: 5, group_number: 3, current_contest_votes: 9 }),
  makeItem(2, { group_id: 5, group_number: 3, current_contest_votes: 4 }),
];

function open(routes: Record<string, Responder> = {}, query = '') {
  mockNetwork({ 'GET /api/v1/site': { body: SITE }, [BOARD]: { body: ITEMS }, ...routes });
  return renderApp(`${paths.embed.leaderboard(5)}${query}`);
}

describe('EmbedLeaderboardPage', () => {
  beforeEach(() => localStorage.clear());

  it("should list the group's contestants by rank and move them with the group's tallies", async () => {
    const app = open();
    expect(await app.screen.findByRole('heading', { level: 1, name: /Group 3/ })).toBeInTheDocument();
    expect(app.screen.queryByRole('banner')).not.toBeInTheDocument();
    const rows = within(app.screen.getByRole('list', { name: 'Contestants' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^Rank 1.*Ghoul Number1.*9 votes$/),
      expect.stringMatching(/^Rank 2.*Ghoul Number2.*4 votes$/),
    ]);
    const link = within(rows[0]).getByRole('link', { name: /Ghoul Number1/ });
    expect(link).toHaveAttribute('href', paths.profile('ghoul1'));
    expect(link).toHaveAttribute('target', '_blank');

    await waitFor(() => expect(app.socket.joined()).toEqual(new Set(['group:5'])));
    await app.socket.push(
      'tally',
      tallyOf(5, [
        { entry_id: 2, username: 'ghoul2', votes: 15, rank: 1 },
        { entry_id: 1, username: 'ghoul1', votes: 9, rank: 2 },
      ]),
    );
    await waitFor(() => expect(within(app.screen.getAllByTestId('embed-entry')[0]).getByText('15')).toBeInTheDocument());
  });

  it('should say when the group does not exist', async () => {
    const app = open({ [BOARD]: { status: 404, body: { detail: 'Group not found' } } });
    expect(await app.screen.findByRole('alert')).toHaveTextContent('There is no such group.');
  });
});
