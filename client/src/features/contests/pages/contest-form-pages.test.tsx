import { beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, waitFor } from '@testing-library/react';
import { CONTEST_MESSAGES as M } from '#contract/contests/messages';
import { CARRY_VOTES_TEXT as CARRY, ROUND_MESSAGES as R } from '#contract/contests/round-rules';
import { toLocalInputValue } from '@/lib/dates';
import { paths } from '@/lib/paths';
import { adminToken, makeContest } from '@/testing/contest-fixtures';
import { mockNetwork, type Reply } from '@/testing/server';
import { SITE } from '@/testing/fixtures';
import { currentPath, renderApp } from '@/testing/render-app';

const CREATE = 'POST /api/v1/admin/create-contest';
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => toLocalInputValue(new Date(Date.now() + days * DAY).toISOString());
// jsdom keeps only complete datetime-local values, so the tests set them whole, as a picker would.
const setDate = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

function open(path: string, routes: Record<string, Reply> = {}) {
  const net = mockNetwork({ 'GET /api/v1/site': { body: SITE }, ...routes });
  return { ...renderApp(path), net };
}

async function fill(app: ReturnType<typeof open>, { start, end }: { start: string; end?: string }) {
  await app.user.type(await app.screen.findByLabelText('Contest Name'), 'Fright Night');
  await app.user.type(app.screen.getByLabelText('Description'), 'Scream for your life.');
  setDate(app.screen.getByLabelText('Start Date'), start);
  if (end) setDate(app.screen.getByLabelText('End Date'), end);
}

describe('CreateContestPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
  });

  it('should show the required texts and send nothing', async () => {
    const app = open(paths.admin.createContest());
    await app.user.click(await app.screen.findByRole('button', { name: 'Create Contest' }));
    expect(await app.screen.findByText(M.nameRequired)).toBeInTheDocument();
    expect(app.screen.getByText(M.descriptionRequired)).toBeInTheDocument();
    expect(app.screen.getByText(M.startRequired)).toBeInTheDocument();
    expect(app.screen.getByLabelText('Active')).toBeChecked();
    expect(app.screen.getByLabelText('Current contest')).not.toBeChecked();
    expect(app.net.requestsTo('POST', '/api/v1/admin/create-contest')).toHaveLength(0);
  });

  it('should refuse a start in the past and an end before the start', async () => {
    const app = open(paths.admin.createContest());
    await fill(app, { start: '2020-01-01T10:00', end: '2019-12-31T10:00' });
    await app.user.click(app.screen.getByRole('button', { name: 'Create Contest' }));
    expect(await app.screen.findByText(M.startPast)).toBeInTheDocument();
    expect(app.screen.getByLabelText('End Date')).toHaveAccessibleDescription(expect.stringContaining(M.endAfterStart));
    expect(app.net.requestsTo('POST', '/api/v1/admin/create-contest')).toHaveLength(0);
  });

  it('should send ISO dates and the defaults, then open the new contest with its banner', async () => {
    const start = inDays(2);
    const end = inDays(40);
    const created = makeContest({ id: 7, name: 'Fright Night', group_size_cap: 40, group_capacity: 40, group_count: 0 });
    const app = open(paths.admin.createContest(), { [CREATE]: { status: 201, body: created }, 'GET /api/v1/admin/contests/7': { body: created } });
    await fill(app, { start, end });
    await app.user.type(app.screen.getByLabelText('Group Size'), '40');
    await app.user.click(app.screen.getByRole('button', { name: 'Create Contest' }));

    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.contest(7, { query: { created: 1 } })));
    expect(app.net.requestsTo('POST', '/api/v1/admin/create-contest')[0].body).toEqual({
      name: 'Fright Night',
      description: 'Scream for your life.',
      start_date: new Date(start).toISOString(),
      end_date: new Date(end).toISOString(),
      is_active: true,
      is_current: false,
      group_size_cap: 40,
      vote_challenge: null,
      rounds: [],
      winners: 0,
      // A new contest is planned in the admin's own zone.
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      carry_votes: true,
      // No list of its own: it offers the site's categories.
      categories: null,
    });
    expect(await app.screen.findByText(M.createdBanner)).toBeInTheDocument();
    expect(app.screen.getByRole('heading', { level: 1, name: 'Fright Night' })).toBeInTheDocument();
    // One success message: the banner that stays, not a toast saying the same beside it.
    expect(app.screen.queryByText(M.created)).not.toBeInTheDocument();
  });

  it('should send two rounds, the first with its cut, and the winners, and leave the end date to the last round', async () => {
    const [start, heats, final] = [inDays(2), inDays(9), inDays(16)];
    const created = makeContest({ id: 8 });
    const app = open(paths.admin.createContest(), { [CREATE]: { status: 201, body: created }, 'GET /api/v1/admin/contests/8': { body: created } });
    await fill(app, { start, end: inDays(30) });
    await app.user.click(app.screen.getByRole('button', { name: 'Add round' }));
    // One round: nothing to carry over to.
    expect(app.screen.queryByLabelText(CARRY.label)).not.toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Add round' }));
    expect(app.screen.getByLabelText('End Date')).toBeDisabled();
    // Votes carry over unless the admin says they restart.
    expect(app.screen.getByLabelText(CARRY.label)).toBeChecked();
    await app.user.click(app.screen.getByLabelText(CARRY.label));
    const [name1, name2] = app.screen.getAllByLabelText(/Round name/);
    const [ends1, ends2] = app.screen.getAllByLabelText(/^Ends/);
    await app.user.type(name1, 'Heats');
    setDate(ends1, heats);
    await app.user.type(name2, 'Final');
    setDate(ends2, final);
    // Only the first round has a cut; the last one names the winners.
    expect(app.screen.getAllByLabelText(/Top N of each group go on/)).toHaveLength(1);
    expect(app.screen.getByText('The last round names the winners.')).toBeInTheDocument();
    await app.user.click(app.screen.getByRole('button', { name: 'Create Contest' }));
    // Nothing sent yet: no cut for the first round and no winners.
    expect(await app.screen.findByText(R.cutRequired)).toBeInTheDocument();
    expect(app.screen.getByLabelText(/Winners/)).toHaveAccessibleDescription(expect.stringContaining(R.winnersRange));
    expect(app.net.requestsTo('POST', '/api/v1/admin/create-contest')).toHaveLength(0);

    await app.user.type(app.screen.getByLabelText(/Top N of each group go on/), '3');
    await app.user.type(app.screen.getByLabelText(/Winners/), '2');
    await app.user.click(app.screen.getByRole('button', { name: 'Create Contest' }));
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.contest(8, { query: { created: 1 } })));
    expect(app.net.requestsTo('POST', '/api/v1/admin/create-contest')[0].body).toMatchObject({
      end_date: null,
      winners: 2,
      carry_votes: false,
      rounds: [
        { name: 'Heats', ends_at: new Date(heats).toISOString(), advance_per_group: 3, advance_total: null },
        { name: 'Final', ends_at: new Date(final).toISOString(), advance_per_group: null, advance_total: null },
      ],
    });
  });

  it("should read the dates in the contest's time zone when the admin picks another one", async () => {
    const created = makeContest({ id: 9 });
    const app = open(paths.admin.createContest(), { [CREATE]: { status: 201, body: created }, 'GET /api/v1/admin/contests/9': { body: created } });
    await fill(app, { start: '2031-03-10T10:00', end: '2031-03-20T22:30' });
    await app.user.selectOptions(app.screen.getByLabelText(/Time zone/), 'America/New_York');
    expect(app.screen.getByLabelText('Start Date')).toHaveAccessibleDescription('Time in America/New_York');
    await app.user.click(app.screen.getByRole('button', { name: 'Create Contest' }));
    await waitFor(() => expect(app.net.requestsTo('POST', '/api/v1/admin/create-contest')).toHaveLength(1));
    // 10:00 in New York on the day daylight saving starts is 14:00 UTC; 22:30 ten days later, 02:30 UTC the next day.
    expect(app.net.requestsTo('POST', '/api/v1/admin/create-contest')[0].body).toMatchObject({
      time_zone: 'America/New_York',
      start_date: '2031-03-10T14:00:00.000Z',
      end_date: '2031-03-21T02:30:00.000Z',
    });
  });

  it("should put a 422 about a round under that round's field", async () => {
    const app = open(paths.admin.createContest(), {
      [CREATE]: { status: 422, body: { detail: [{ loc: ['body', 'rounds', 0, 'ends_at'], msg: R.endPast, type: 'value_error.custom' }] } },
    });
    await fill(app, { start: inDays(1) });
    await app.user.click(app.screen.getByRole('button', { name: 'Add round' }));
    await app.user.type(app.screen.getByLabelText(/Round name/), 'Only round');
    setDate(app.screen.getByLabelText(/^Ends/), inDays(3));
    await app.user.type(app.screen.getByLabelText(/Winners/), '1');
    await app.user.click(app.screen.getByRole('button', { name: 'Create Contest' }));
    expect(await app.screen.findByText(M.createFailed)).toBeInTheDocument();
    expect(app.screen.getByLabelText(/^Ends/)).toHaveAccessibleDescription(expect.stringContaining(R.endPast));
  });

  it('should put a 422 list on the fields by name and toast the failure', async () => {
    const app = open(paths.admin.createContest(), {
      [CREATE]: {
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'name'], msg: 'A contest with this name already exists', type: 'conflict' },
            { loc: ['body', 'start_date'], msg: M.startPast, type: 'value_error' },
          ],
        },
      },
    });
    await fill(app, { start: inDays(1) });
    await app.user.click(app.screen.getByRole('button', { name: 'Create Contest' }));
    expect(await app.screen.findByText(M.createFailed)).toBeInTheDocument();
    expect(app.screen.getByLabelText('Contest Name')).toHaveAccessibleDescription('A contest with this name already exists');
    expect(app.screen.getByLabelText('Start Date')).toHaveAccessibleDescription(expect.stringContaining(M.startPast));
    expect(currentPath(app.router)).toBe(paths.admin.createContest());
  });
});

describe('EditContestPage', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('token', adminToken());
  });

  it('should load the contest, allow a past start and save with a toast', async () => {
    const contest = makeContest({ id: 3, name: 'Old Blood', start_date: '2020-05-01T18:00:00.000Z', end_date: null, group_size_cap: null });
    const app = open(paths.admin.editContest(3), {
      'GET /api/v1/admin/contests/3': { body: contest },
      'PUT /api/v1/admin/contests/3': { body: { ...contest, name: 'Older Blood' } },
    });
    const name = await app.screen.findByLabelText('Contest Name');
    expect(name).toHaveValue('Old Blood');
    expect(app.screen.getByLabelText('Start Date')).toHaveValue(toLocalInputValue(contest.start_date));
    await app.user.clear(name);
    await app.user.type(name, 'Older Blood');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));

    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();
    const body = app.net.requestsTo('PUT', '/api/v1/admin/contests/3')[0].body;
    expect(body).toMatchObject({ name: 'Older Blood', start_date: contest.start_date, end_date: null, group_size_cap: null });
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.contest(3)));
  });

  it("should show a contest's dates in its own time zone", async () => {
    const contest = makeContest({ id: 5, time_zone: 'Asia/Tokyo', start_date: '2031-01-01T03:00:00.000Z', end_date: '2031-01-31T15:00:00.000Z' });
    const app = open(paths.admin.editContest(5), { 'GET /api/v1/admin/contests/5': { body: contest }, 'PUT /api/v1/admin/contests/5': { body: contest } });
    expect(await app.screen.findByLabelText('Start Date')).toHaveValue('2031-01-01T12:00');
    expect(app.screen.getByLabelText('End Date')).toHaveValue('2031-02-01T00:00');
    expect(app.screen.getByLabelText(/Time zone/)).toHaveValue('Asia/Tokyo');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', '/api/v1/admin/contests/5')[0].body).toMatchObject({
      start_date: contest.start_date,
      end_date: contest.end_date,
      time_zone: 'Asia/Tokyo',
    });
  });

  it('should keep the same moments when the zone changes, unless the admin chooses the wall times', async () => {
    const final = {
      id: 21,
      position: 1,
      name: 'Final',
      ends_at: '2031-01-20T11:00:00.000Z',
      advance_per_group: null,
      advance_total: null,
      state: 'upcoming' as const,
      closed_at: null,
    };
    const contest = makeContest({
      id: 6,
      time_zone: 'Asia/Tokyo',
      start_date: '2031-01-01T03:00:00.000Z',
      end_date: final.ends_at,
      winners: 1,
      rounds: [final],
    });
    const routes = { 'GET /api/v1/admin/contests/6': { body: contest }, 'PUT /api/v1/admin/contests/6': { body: contest } };
    const app = open(paths.admin.editContest(6), routes);
    const start = await app.screen.findByLabelText('Start Date');
    const ends = app.screen.getByLabelText('Ends');
    expect([start, ends].map((f) => (f as HTMLInputElement).value)).toEqual(['2031-01-01T12:00', '2031-01-20T20:00']);
    expect(app.screen.queryByRole('radiogroup', { name: /The zone changed/ })).not.toBeInTheDocument();

    await app.user.selectOptions(app.screen.getByLabelText(/Time zone/), 'Europe/London');
    // Asked, with the moments kept by default: the same instants, shown in London.
    const choice = app.screen.getByRole('radiogroup', { name: 'The zone changed from Asia/Tokyo to Europe/London: what happens to the dates?' });
    expect(app.screen.getByRole('radio', { name: /Keep the same moments/ })).toBeChecked();
    expect(choice).toBeInTheDocument();
    expect([start, ends].map((f) => (f as HTMLInputElement).value)).toEqual(['2031-01-01T03:00', '2031-01-20T11:00']);
    // The wall times instead: the fields read as they did in Tokyo again (and so move by nine hours); and back.
    await app.user.click(app.screen.getByRole('radio', { name: /Keep the wall times/ }));
    expect([start, ends].map((f) => (f as HTMLInputElement).value)).toEqual(['2031-01-01T12:00', '2031-01-20T20:00']);
    await app.user.click(app.screen.getByRole('radio', { name: /Keep the same moments/ }));
    expect([start, ends].map((f) => (f as HTMLInputElement).value)).toEqual(['2031-01-01T03:00', '2031-01-20T11:00']);

    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', '/api/v1/admin/contests/6')[0].body).toMatchObject({
      time_zone: 'Europe/London',
      start_date: contest.start_date,
      rounds: [expect.objectContaining({ ends_at: final.ends_at })],
    });
    app.unmount();

    // Chosen wall times: every date keeps its clock time in the new zone.
    const wall = open(paths.admin.editContest(6), routes);
    await wall.screen.findByLabelText('Start Date');
    await wall.user.selectOptions(wall.screen.getByLabelText(/Time zone/), 'Europe/London');
    await wall.user.click(wall.screen.getByRole('radio', { name: /Keep the wall times/ }));
    await wall.user.click(wall.screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(wall.net.requestsTo('PUT', '/api/v1/admin/contests/6')).toHaveLength(1));
    expect(wall.net.requestsTo('PUT', '/api/v1/admin/contests/6')[0].body).toMatchObject({
      time_zone: 'Europe/London',
      start_date: '2031-01-01T12:00:00.000Z',
      rounds: [expect.objectContaining({ ends_at: '2031-01-20T20:00:00.000Z' })],
    });
  });

  it("should show the contest's own free-vote challenge and send a change of it", async () => {
    const contest = makeContest({ id: 3, vote_challenge: 'flagged' });
    const app = open(paths.admin.editContest(3), {
      'GET /api/v1/admin/contests/3': { body: contest },
      'PUT /api/v1/admin/contests/3': { body: { ...contest, vote_challenge: null } },
    });
    const challenge = await app.screen.findByLabelText(/Free-vote challenge/);
    expect(challenge).toHaveValue('flagged');
    expect([...(challenge as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Site default', 'Off', 'Flagged contestants only', 'Every free vote']);
    await app.user.selectOptions(challenge, 'Site default');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', '/api/v1/admin/contests/3')[0].body).toMatchObject({ vote_challenge: null });
  });

  it('should show a closed round read-only and send it back exactly as stored', async () => {
    const heats = {
      id: 11,
      position: 1,
      name: 'Heats',
      ends_at: '2030-10-08T18:00:30.123Z',
      advance_per_group: 4,
      advance_total: null,
      state: 'closed' as const,
      closed_at: '2030-10-08T18:00:31.000Z',
    };
    // Stored to the millisecond: an edit that leaves it as shown sends it back unmoved.
    const final = {
      id: 12,
      position: 2,
      name: 'Final',
      ends_at: '2030-10-31T23:00:30.123Z',
      advance_per_group: null,
      advance_total: null,
      state: 'running' as const,
      closed_at: null,
    };
    const contest = makeContest({ id: 4, winners: 3, rounds: [heats, final], current_round: 2, end_date: final.ends_at, carry_votes: false });
    const app = open(paths.admin.editContest(4), {
      'GET /api/v1/admin/contests/4': { body: contest },
      'PUT /api/v1/admin/contests/4': { body: contest },
    });
    expect(await app.screen.findByText('Round 1 (closed)')).toBeInTheDocument();
    const [name1, name2] = app.screen.getAllByLabelText(/Round name/);
    expect(name1).toHaveAttribute('readonly');
    expect(name2).not.toHaveAttribute('readonly');
    expect(app.screen.getAllByRole('button', { name: /Remove round/ })).toHaveLength(1);
    expect(app.screen.getByLabelText(/Winners/)).toHaveValue(3);
    // A round has closed: whether votes carry over is shown, fixed.
    expect(app.screen.getByLabelText(CARRY.label)).not.toBeChecked();
    expect(app.screen.getByLabelText(CARRY.label)).toBeDisabled();
    await app.user.clear(name2);
    await app.user.type(name2, 'Grand Final');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findByText(M.updated)).toBeInTheDocument();
    expect(app.net.requestsTo('PUT', '/api/v1/admin/contests/4')[0].body).toMatchObject({
      winners: 3,
      end_date: null,
      carry_votes: false,
      rounds: [
        { name: 'Heats', ends_at: heats.ends_at, advance_per_group: 4, advance_total: null },
        { name: 'Grand Final', ends_at: final.ends_at, advance_per_group: null, advance_total: null },
      ],
    });
  });

  it('should toast the failure and keep the form on a failed save', async () => {
    const app = open(paths.admin.editContest(3), {
      'GET /api/v1/admin/contests/3': { body: makeContest({ id: 3 }) },
      'PUT /api/v1/admin/contests/3': { status: 500, body: {} },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Save Changes' }));
    expect(await app.screen.findByText(M.updateFailed)).toBeInTheDocument();
    expect(currentPath(app.router)).toBe(paths.admin.editContest(3));
  });

  it('should toast a failed load and return to the list', async () => {
    const app = open(paths.admin.editContest(9), {
      'GET /api/v1/admin/contests/9': { status: 404, body: { detail: 'Contest not found' } },
      'GET /api/v1/admin/all-contests': { body: [], headers: { 'x-total-count': '0' } },
    });
    expect(await app.screen.findByText(`${M.loadOneFailed}Contest not found`)).toBeInTheDocument();
    await waitFor(() => expect(currentPath(app.router)).toBe(paths.admin.contests()));
  });
});
