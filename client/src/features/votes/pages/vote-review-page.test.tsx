import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import { VOTE_REVIEW_MESSAGES as M } from '#contract/votes/messages';
import type { FlaggedEntry, VoteReviewList } from '#contract/votes/answers';
import { formatDateTime, viewerZoneLabel } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { adminToken } from '@/testing/contest-fixtures';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { mockNetwork, type Responder } from '@/testing/server';

const LIST = 'GET /api/v1/admin/vote-review';
const VOID = 'POST /api/v1/admin/vote-review/void';
const BLOCK = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

const flagged = (over: Partial<FlaggedEntry> = {}): FlaggedEntry => ({
  entry_id: 31,
  username: 'vera',
  display_name: 'Vera Voss',
  group_number: 2,
  current_contest_votes: 305,
  free_votes: 300,
  paid_votes: 5,
  active: true,
  last_seen: '2030-10-01T13:00:00.000Z',
  reasons: [
    {
      kind: 'network_block',
      detail: '250 of 300 free votes in the last 60 minutes (83%) came from one network block; the rule flags 50% or more.',
      since: '2030-10-01T12:10:00.000Z',
      votes: 250,
    },
    {
      kind: 'rate',
      detail: '300 free votes in the last 60 minutes, 30.0 times its usual 10.0; the rule flags 5 times or more.',
      since: '2030-10-01T12:05:00.000Z',
      votes: 300,
    },
  ],
  top_blocks: [
    { network_hash: BLOCK, votes: 250 },
    { network_hash: OTHER, votes: 3 },
  ],
  reviews: [],
  ...over,
});

const listOf = (items: FlaggedEntry[], contest: number | null = 4): VoteReviewList => ({
  contest_id: contest,
  is_current_contest: contest !== null,
  window_minutes: 60,
  items,
});

function open(routes: Record<string, Responder>, path = paths.admin.voteReview()) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    // The public chart of each flagged entry: one day of votes, 40 of them voided.
    'GET /api/v1/contestants/:username/votes-over-time': {
      body: { bucket: 'day', points: [{ start: '2030-10-01T00:00:00Z', free: 60, paid: 5, voided: 40 }] },
    },
    ...routes,
  });
  return { ...renderApp(path), net };
}

describe('VoteReviewPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
  });

  it('should list each flagged entry with its reasons in words, its busiest blocks by hash, and the contest asked for in the address', async () => {
    const app = open(
      {
        [LIST]: { body: listOf([flagged(), flagged({ entry_id: 32, username: 'max', display_name: 'Max Moan', active: false, reasons: [], top_blocks: [] })]) },
      },
      paths.admin.voteReview({ query: { contest: 4 } }),
    );
    const card = await app.screen.findByRole('article', { name: /Vera Voss/ });
    expect(within(card).getByText('Flagged now')).toBeInTheDocument();
    expect(within(card).getByText('Many votes from one network block')).toBeInTheDocument();
    expect(within(card).getByText(/250 of 300 free votes in the last 60 minutes \(83%\)/)).toBeInTheDocument();
    expect(within(card).getByText('Far above its usual rate')).toBeInTheDocument();
    // Every time names its zone.
    expect(within(card).getAllByText(formatDateTime('2030-10-01T13:00:00.000Z'))[0].textContent).toMatch(/ [AP]M \S+$/);
    expect(within(card).getByText(/Group 2 · 305 votes \(300 free · 5 paid\)/)).toBeInTheDocument();
    const blocks = within(card).getByRole('table', { name: 'Busiest network blocks, past day' });
    expect(
      within(blocks)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([`${'a'.repeat(12)}…250`, `${'b'.repeat(12)}…3`]);
    expect(within(await app.screen.findByRole('article', { name: /Max Moan/ })).getByText('Flagged earlier')).toBeInTheDocument();
    // Each entry's public chart, with its table of the same numbers.
    const chart = await within(card).findByRole('region', { name: 'Votes over time: Vera Voss' });
    expect(await within(chart).findByText(/40 voided/)).toBeInTheDocument();
    expect(app.net.requests.map((r) => r.url).filter((u) => u.startsWith('/api/v1/admin/vote-review'))).toEqual(['/api/v1/admin/vote-review?contest_id=4']);
  });

  it('should say when nothing is flagged, when there is no current contest, and offer Try Again after an error', async () => {
    const empty = open({ [LIST]: { body: listOf([]) } });
    expect(await empty.screen.findByText(/No entry is flagged/)).toBeInTheDocument();
    empty.unmount();
    const none = open({ [LIST]: { body: listOf([], null) } });
    expect(await none.screen.findByText(/There is no current contest/)).toBeInTheDocument();
    none.unmount();
    let fail = true;
    const app = open({ [LIST]: () => (fail ? { status: 500, body: {} } : { body: listOf([flagged()]) }) });
    expect(await app.screen.findByText('Could not load the vote review.')).toBeInTheDocument();
    fail = false;
    await app.user.click(app.screen.getByRole('button', { name: 'Try Again' }));
    expect(await app.screen.findByRole('article', { name: /Vera Voss/ })).toBeInTheDocument();
  });

  it("should void the busiest block's votes from the flag's start with a reason, and refresh the list", async () => {
    let items = [flagged()];
    const app = open({
      [LIST]: () => ({ body: listOf(items) }),
      [VOID]: () => {
        // As the server answers after a void: its flags were last seen before it, the block's votes gone.
        items = [
          flagged({
            current_contest_votes: 55,
            free_votes: 50,
            active: false,
            top_blocks: [],
            reviews: [{ at: '2030-10-01T13:05:00.000Z', removed: 250, reason: 'Scripted block' }],
          }),
        ];
        return { body: { removed: 250, current_contest_votes: 55, free_votes: 50, paid_votes: 5 } };
      },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Void votes of Vera Voss' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Void votes of Vera Voss' });
    expect(within(dialog).getByText(/Paid votes are never removed here/)).toBeInTheDocument();
    const network = within(dialog).getByLabelText(/Network/) as HTMLSelectElement;
    expect(network.value).toBe(BLOCK);
    // The range is read in the admin's own zone, and says which.
    expect(within(dialog).getByRole('group', { name: `Time range, in your time zone: ${viewerZoneLabel()}` })).toBeInTheDocument();
    // A reason is required before anything is sent.
    await app.user.click(within(dialog).getByRole('button', { name: 'Void Votes' }));
    expect(await within(dialog).findByText(M.reason)).toBeInTheDocument();
    expect(app.net.requests.some((r) => r.method === 'POST')).toBe(false);

    await app.user.type(within(dialog).getByLabelText(/Reason/), 'Scripted block');
    await app.user.click(within(dialog).getByRole('button', { name: 'Void Votes' }));
    await waitFor(() => expect(app.screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = app.net.requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    // From the earliest reason's start; the network the busiest block.
    expect(sent).toMatchObject({ entry_id: 31, from: '2030-10-01T12:05:00.000Z', network: BLOCK, reason: 'Scripted block' });
    const card = await app.screen.findByRole('article', { name: /Vera Voss/ });
    expect(await within(card).findByText(/250 votes removed — Scripted block/)).toBeInTheDocument();
    expect(within(card).getByText(/55 votes \(50 free · 5 paid\)/)).toBeInTheDocument();
    // Settled by the void: not "Flagged now", and no claim that its votes had no block.
    expect(within(card).queryByText('Flagged now')).not.toBeInTheDocument();
    expect(within(card).getByText('Votes voided')).toBeInTheDocument();
    expect(within(card).getByText(/Settled: these flags were last seen before the void of/)).toBeInTheDocument();
    expect(within(card).queryByText('No block recorded for these votes.')).not.toBeInTheDocument();
    expect(within(card).getByText('No free votes left from any block in the past day: the rest were voided.')).toBeInTheDocument();
  });
});
