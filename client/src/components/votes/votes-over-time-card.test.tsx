// The votes-over-time chart as a visitor meets it on a profile: stacked bars, the table with the
// same numbers, the Hour/Day toggle by keyboard, the empty and failed states, and live votes.
import { beforeEach, describe, expect, it } from '@jest/globals';
import { waitFor, within } from '@testing-library/react';
import type { TallyEvent } from '#contract/live/events';
import type { VotesOverTime, VotesOverTimePoint } from '#contract/votes/answers';
import { mockNetwork, type Reply } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { tallyOf } from '@/testing/tally';
import { makeCountdown, makeProfile } from '@/testing/vote-fixtures';
import { bucketStartOf } from '@/lib/votes/votes-over-time-live';
import { formatBucket } from '@/components/vote-chart/bucket-format';
import { paths } from '@/lib/paths';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HISTORY = '/api/v1/contestants/vera/votes-over-time';

/** The last three days, today last: 3 free and 12 paid two days ago, nothing yesterday, 2 free today. */
function days(): VotesOverTime {
  const now = Date.now();
  const point = (ago: number, free: number, paid: number, voided = 0): VotesOverTimePoint => ({
    start: bucketStartOf(now - ago * DAY, 'day'),
    free,
    paid,
    voided,
  });
  return { bucket: 'day', points: [point(2, 3, 12), point(1, 0, 0), point(0, 2, 0)] };
}

function hours(): VotesOverTime {
  const now = Date.now();
  return {
    bucket: 'hour',
    points: [
      { start: bucketStartOf(now - HOUR, 'hour'), free: 4, paid: 0, voided: 1 },
      { start: bucketStartOf(now, 'hour'), free: 0, paid: 0, voided: 0 },
    ],
  };
}

function open(history: Reply | ((bucket: string) => Reply)) {
  const net = mockNetwork({
    'GET /api/v1/site': { body: SITE },
    'GET /api/v1/contestants/vera': { body: makeProfile() },
    'POST /api/v1/contestants/vera/increment-views': { body: { profile_views: 9 } },
    'GET /api/v1/admin/current-contest/countdown': { body: makeCountdown(new Date().toISOString(), new Date(Date.now() - DAY).toISOString(), null) },
    'GET /api/v1/contestants/vera/vote-check': { body: { hasVoted: false } },
    [`GET ${HISTORY}`]: typeof history === 'function' ? (request) => history(new URL(request.url, 'http://x').searchParams.get('bucket') ?? '') : history,
  });
  const app = renderApp(paths.profile('vera'));
  return { ...app, net, requests: () => net.requestsTo('GET', HISTORY).map((r) => r.url) };
}

async function chartSection(app: ReturnType<typeof open>) {
  return within(await app.screen.findByRole('region', { name: 'Votes over time' }));
}

/** The table's rows as text cells: bucket, free, paid, voided. */
async function tableRows(app: ReturnType<typeof open>) {
  const section = await chartSection(app);
  const table = section.getByRole('table', { hidden: true });
  return within(table)
    .getAllByRole('row', { hidden: true })
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
}

/** The bars of one bucket: their kinds and geometry. */
async function bars(app: ReturnType<typeof open>, start: string) {
  const group = await waitFor(() => {
    const found = app.container.querySelector(`g[data-start="${start}"]`);
    expect(found).not.toBeNull();
    return found!;
  });
  const rect = (kind: string) => {
    const r = group.querySelector(`rect[data-kind="${kind}"]`);
    return r ? { y: Number(r.getAttribute('y')), height: Number(r.getAttribute('height')) } : null;
  };
  return { free: rect('free'), paid: rect('paid'), voided: rect('voided'), title: group.querySelector('title')?.textContent };
}

describe('VotesOverTimeCard', () => {
  beforeEach(() => localStorage.clear());

  it('should stack paid votes on free ones, each bar as tall as its count, and name the bucket in words', async () => {
    const series = days();
    const app = open({ body: series });
    const [twoDaysAgo, yesterday, today] = series.points;
    const first = await bars(app, twoDaysAgo.start);
    expect(first.free).not.toBeNull();
    expect(first.paid).not.toBeNull();
    // Paid sits on top of free: its bottom is free's top.
    expect(first.paid!.y + first.paid!.height).toBeCloseTo(first.free!.y, 5);
    expect(first.paid!.height / first.free!.height).toBeCloseTo(12 / 3, 5);
    expect(first.title).toBe(`${formatBucket(twoDaysAgo.start, 'day')}: 3 free, 12 paid`);
    const last = await bars(app, today.start);
    expect(last.paid).toBeNull();
    expect(last.free!.height / first.free!.height).toBeCloseTo(2 / 3, 5);
    const empty = await bars(app, yesterday.start);
    expect([empty.free, empty.paid]).toEqual([null, null]);
    // The legend names each fill in words.
    const section = await chartSection(app);
    expect(section.getByRole('list', { name: 'Legend' })).toHaveTextContent(/Free votes \(solid\).*Paid votes \(striped\)/);
    expect(app.requests()).toEqual([`${HISTORY}?bucket=day`]);
  });

  it('should give the same numbers in a table, every bucket with votes and the totals', async () => {
    const series = days();
    const app = open({ body: series });
    const section = await chartSection(app);
    await app.user.click(await section.findByText('Show the numbers as a table'));
    expect(await tableRows(app)).toEqual([
      ['Day (UTC)', 'Free', 'Paid', 'Voided'],
      [formatBucket(series.points[0].start, 'day'), '3', '12', '0'],
      [formatBucket(series.points[2].start, 'day'), '2', '0', '0'],
      ['Total', '5', '12', '0'],
    ]);
    expect(section.getByText('In these days: 5 free, 12 paid')).toBeInTheDocument();
  });

  it('should switch to hours with the keyboard, and show voided votes below the line', async () => {
    const app = open((bucket) => ({ body: bucket === 'hour' ? hours() : days() }));
    const section = await chartSection(app);
    const day = section.getByRole('button', { name: 'Day' });
    const hour = section.getByRole('button', { name: 'Hour' });
    await waitFor(() => expect(hour).toBeEnabled());
    expect(day).toHaveAttribute('aria-pressed', 'true');
    hour.focus();
    await app.user.keyboard('{Enter}');
    expect(hour).toHaveAttribute('aria-pressed', 'true');
    expect(day).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(app.requests()).toContain(`${HISTORY}?bucket=hour`));
    const [withVotes] = hours().points;
    const drawn = await bars(app, withVotes.start);
    expect(drawn.voided).not.toBeNull();
    expect(drawn.voided!.y).toBeCloseTo(drawn.free!.y + drawn.free!.height, 5); // from the line down
    expect(drawn.voided!.height / drawn.free!.height).toBeCloseTo(1 / 4, 5);
    expect(section.getByRole('list', { name: 'Legend' })).toHaveTextContent('Voided votes (dotted, below the line)');
    await app.user.click(section.getByText('Show the numbers as a table'));
    expect((await tableRows(app)).slice(1)).toEqual([
      [formatBucket(withVotes.start, 'hour'), '4', '0', '1'],
      ['Total', '4', '0', '1'],
    ]);
    // And back with Space.
    day.focus();
    await app.user.keyboard(' ');
    expect(day).toHaveAttribute('aria-pressed', 'true');
  });

  it('should say No votes yet when the contestant has none, and offer a retry when the read fails', async () => {
    const app = open({ body: { bucket: 'day', points: [] } });
    const section = await chartSection(app);
    expect(await section.findByText('No votes yet')).toBeInTheDocument();
    expect(section.queryByRole('table', { hidden: true })).not.toBeInTheDocument();

    app.unmount();
    let fail = true;
    const failing = open(() => (fail ? { status: 500, body: {} } : { body: days() }));
    const failed = await chartSection(failing);
    expect(await failed.findByRole('alert')).toHaveTextContent('The votes over time could not be loaded.');
    fail = false;
    await failing.user.click(failed.getByRole('button', { name: 'Try again' }));
    expect(await failed.findByText('In these days: 5 free, 12 paid')).toBeInTheDocument();
  });

  it("should add a live vote to the current bucket from the difference of the contestant's tallies, without asking again", async () => {
    const series = days();
    const app = open({ body: series });
    const section = await chartSection(app);
    await section.findByText('In these days: 5 free, 12 paid');
    const push = (votes: number, paid: number, username = 'Vera'): TallyEvent =>
      tallyOf(5, [{ entry_id: makeProfile().active_contest_entry!.id, username, votes, paid }]);
    await app.socket.push('tally', push(17, 12)); // nothing to compare with yet: only the next tallies are added
    await app.socket.push('tally', push(18, 12)); // one free vote
    await app.socket.push('tally', push(28, 22)); // a package of 10
    await app.socket.push('tally', tallyOf(5, [{ entry_id: makeProfile().active_contest_entry!.id, username: 'Vera', votes: 28, paid: 22, rank: 4 }])); // a rank moved, no votes
    await app.socket.push('tally', push(99, 50, 'someone_else'));
    expect(await section.findByText('In these days: 6 free, 22 paid')).toBeInTheDocument();
    const today = await bars(app, series.points[2].start);
    expect(today.title).toBe(`${formatBucket(series.points[2].start, 'day')}: 3 free, 10 paid`);
    expect(app.requests()).toEqual([`${HISTORY}?bucket=day`]);
  });

  it('should not take voided votes out of the current bucket: they belong where they were cast, so the series is read again', async () => {
    const series = days();
    const app = open({ body: series });
    const section = await chartSection(app);
    await section.findByText('In these days: 5 free, 12 paid');
    const push = (votes: number): TallyEvent => tallyOf(5, [{ entry_id: makeProfile().active_contest_entry!.id, username: 'vera', votes, paid: 12 }]);
    await app.socket.push('tally', push(17));
    await app.socket.push('tally', push(15)); // two free votes voided
    await app.socket.push('tally', push(16)); // then one new free vote
    expect(await section.findByText('In these days: 6 free, 12 paid')).toBeInTheDocument();
    const today = await bars(app, series.points[2].start);
    expect(today.title).toBe(`${formatBucket(series.points[2].start, 'day')}: 3 free, 0 paid`);
  });
});
