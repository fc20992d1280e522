import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AdminContestantItem, Contest, ContestCountdown, ContestGroup, GroupContestants } from '#contract/contests/answers.js';
import { CONTEST_MESSAGES, CONTEST_SERVER_MESSAGES, GROUP_ADMIN_MESSAGES } from '#contract/contests/messages.js';
import type { ContestChangedEvent, EntryEliminatedEvent } from '#contract/live/events.js';
import { PATH_MESSAGES } from '#contract/common/messages.js';
import { verifiedUser } from '../helpers/accounts.js';
import { call, createAccounts, daysFromNow, groupCounts, insertContest, join, signToken, type TestAccount } from '../helpers/contest-fixtures.js';
import { recordingSocket, type RecordingSocket } from '../helpers/recording-socket.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const future = (days: number) => daysFromNow(days).toISOString();
const validContest = (extra: Record<string, unknown> = {}) => ({
  name: 'Midnight Screams',
  description: 'Who screams best at midnight?',
  start_date: future(1),
  end_date: future(31),
  ...extra,
});

describe('admin: contests, groups, contestants', () => {
  let t: TestServer;
  let admin: TestAccount;

  const as = (method: string, path: string, body?: unknown) => call(t, method, path, admin.token, body);
  const json = async <T>(res: Response, status: number): Promise<T> => {
    const body = await res.json();
    expect({ status: res.status, body }).toEqual({ status, body: expect.anything() });
    return body as T;
  };
  const fieldErrors = async (res: Response) => {
    expect(res.status).toBe(422);
    const { detail } = (await res.json()) as { detail: { loc: string[]; msg: string }[] };
    return Object.fromEntries(detail.map((d) => [d.loc.slice(1).join('.'), d.msg]));
  };
  /** Contestants placed in a contest through the join call, with their contest votes set. */
  const placed = async (prefix: string, contestId: number, votes: number[], pictures: string[] = []) => {
    const users = await createAccounts(t, prefix, votes.length, 'contestant', pictures);
    for (const [i, u] of users.entries()) {
      expect((await join(t, u, contestId)).status).toBe(201);
      await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = $1 WHERE user_id = $2', [votes[i], u.id]);
    }
    return users;
  };
  const entryOf = async (userId: number) => (await t.db.pool.query('SELECT * FROM contest_entries WHERE user_id = $1', [userId])).rows[0];

  beforeAll(async () => {
    t = await startTestServer();
    [admin] = await createAccounts(t, 'boss', 1, 'admin');
  });
  afterAll(async () => {
    await t.stop();
  });

  describe('creating and reading contests', () => {
    it('should refuse a contest without name and description with the spec texts', async () => {
      expect(await fieldErrors(await as('POST', '/admin/create-contest', { start_date: future(1) }))).toEqual({
        name: CONTEST_MESSAGES.nameRequired,
        description: CONTEST_MESSAGES.descriptionRequired,
      });
      expect(await fieldErrors(await as('POST', '/admin/create-contest', validContest({ name: '   ', description: '' })))).toEqual({
        name: 'Contest name is required',
        description: 'Description is required',
      });
    });

    it('should refuse a start in the past and an end before the start', async () => {
      expect(await fieldErrors(await as('POST', '/admin/create-contest', validContest({ start_date: future(-2) })))).toEqual({
        start_date: 'Start date cannot be in the past',
      });
      expect(await fieldErrors(await as('POST', '/admin/create-contest', validContest({ start_date: future(5), end_date: future(4) })))).toEqual({
        end_date: 'End date must be after start date',
      });
      expect(await fieldErrors(await as('POST', '/admin/create-contest', validContest({ start_date: 'soon', is_active: 'yes', group_size_cap: 0 })))).toEqual({
        start_date: CONTEST_MESSAGES.invalidDate,
        is_active: 'is_active must be true or false',
        group_size_cap: CONTEST_MESSAGES.groupSizeRange,
      });
    });

    it('should create a contest with its defaults and answer it with its id', async () => {
      const created = await json<Contest>(await as('POST', '/admin/create-contest', validContest({ end_date: null })), 201);
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'Midnight Screams',
        description: 'Who screams best at midnight?',
        start_date: expect.stringMatching(/Z$/),
        end_date: null,
        is_active: true,
        is_current: false,
        group_size_cap: null,
        vote_challenge: null,
        group_capacity: 100,
        group_count: 0,
        created_at: expect.stringMatching(/Z$/),
        winners: 0,
        time_zone: 'UTC',
        rounds: [],
        current_round: null,
        carry_votes: true,
        named_winners: [],
        categories: null,
        effective_categories: ['Scream Queens', 'Teen Queens', 'Heroic Males', 'Creature Killer'],
      });
      expect(await json<Contest>(await as('GET', `/admin/contests/${created.id}`), 200)).toEqual(created);
    });

    it('should answer 404 for an unknown contest and 422 for an id that is not one', async () => {
      expect(await json(await as('GET', '/admin/contests/999999'), 404)).toEqual({ detail: CONTEST_MESSAGES.notFound });
      for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
        const res = await as('GET', `/admin/contests/${bad}`);
        expect(await json(res, 422)).toEqual({ detail: [{ loc: ['path', 'id'], msg: PATH_MESSAGES.invalidId, type: 'type_error.integer' }] });
      }
      expect((await as('GET', '/groups/abc/contestants')).status).toBe(422);
      expect((await as('DELETE', '/users/abc')).status).toBe(422);
      expect((await as('PUT', '/contestants/contestant-entries/x', { is_eliminated: true })).status).toBe(422);
    });

    it('should page the contests newest first with the total in x-total-count', async () => {
      await t.db.pool.query('DELETE FROM contests');
      for (let i = 1; i <= 12; i++) await as('POST', '/admin/create-contest', validContest({ name: `Paged ${i}` }));
      const first = await as('GET', '/admin/all-contests?skip=0&limit=10');
      expect(first.headers.get('x-total-count')).toBe('12');
      expect((await json<Contest[]>(first, 200)).map((c) => c.name)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `Paged ${i}`));
      const second = await as('GET', '/admin/all-contests?skip=10&limit=10');
      expect((await json<Contest[]>(second, 200)).map((c) => c.name)).toEqual(['Paged 2', 'Paged 1']);
      expect(await json<Contest[]>(await as('GET', '/admin/all-contests'), 200)).toHaveLength(10);
      expect((await as('GET', '/admin/all-contests?limit=0')).status).toBe(422);
      expect((await as('GET', '/admin/all-contests?skip=-1')).status).toBe(422);
    });
  });

  describe('the current contest', () => {
    it('should unset the previous current contest when another is made current, on create and on update', async () => {
      const a = await json<Contest>(await as('POST', '/admin/create-contest', validContest({ name: 'A', is_current: true })), 201);
      const b = await json<Contest>(await as('POST', '/admin/create-contest', validContest({ name: 'B', is_current: true })), 201);
      expect(b.is_current).toBe(true);
      expect((await json<Contest>(await as('GET', `/admin/contests/${a.id}`), 200)).is_current).toBe(false);
      const a2 = await json<Contest>(await as('PUT', `/admin/contests/${a.id}`, { is_current: true }), 200);
      expect(a2).toMatchObject({ id: a.id, is_current: true, name: 'A' });
      const { rows } = await t.db.pool.query('SELECT id FROM contests WHERE is_current');
      expect(rows).toEqual([{ id: a.id }]);
    });

    it('should keep one current contest when several are made current at once', async () => {
      const ids = await Promise.all([1, 2, 3, 4, 5].map((i) => insertContest(t, { name: `Race ${i}` })));
      const answers = await Promise.all(ids.map((id) => as('PUT', `/admin/contests/${id}`, { is_current: true })));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect((await t.db.pool.query('SELECT count(*)::int AS n FROM contests WHERE is_current')).rows[0].n).toBe(1);
    });

    it('should have the database refuse a second current contest whatever the code does', async () => {
      const other = await insertContest(t);
      await expect(t.db.pool.query('UPDATE contests SET is_current = true WHERE id = $1', [other])).rejects.toThrow(/contests_one_current_key/);
    });

    it('should allow unsetting the current contest, leaving none (the countdown then answers 404)', async () => {
      const { rows } = await t.db.pool.query('SELECT id FROM contests WHERE is_current');
      const res = await as('PUT', `/admin/contests/${rows[0].id}`, { is_current: false });
      expect((await json<Contest>(res, 200)).is_current).toBe(false);
      const countdown = await fetch(`${t.api}/admin/current-contest/countdown`);
      expect(await json(countdown, 404)).toEqual({ detail: 'No current contest found.' });
    });

    it('should answer the current contest countdown to anyone, with the server clock', async () => {
      const id = await insertContest(t, { name: 'Countdown Cup', isCurrent: true, startDate: daysFromNow(2), endDate: daysFromNow(9) });
      const before = Date.now();
      const body = await json<ContestCountdown>(await fetch(`${t.api}/admin/current-contest/countdown`), 200);
      expect(body).toEqual({
        id,
        contest_name: 'Countdown Cup',
        start_date: expect.stringMatching(/Z$/),
        end_date: expect.stringMatching(/Z$/),
        is_active: true,
        server_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        time_zone: 'UTC',
        rounds: [],
        current_round: null,
        carry_votes: true,
      });
      expect(Math.abs(Date.parse(body.server_time) - before)).toBeLessThan(5000);
      expect(Date.parse(body.start_date)).toBeGreaterThan(before);
      await t.db.pool.query('UPDATE contests SET is_current = false WHERE id = $1', [id]);
    });
  });

  describe('editing contests', () => {
    it('should change only the fields sent, and check the end against the stored start', async () => {
      const c = await json<Contest>(
        await as('POST', '/admin/create-contest', validContest({ name: 'Editable', start_date: future(10), end_date: future(20) })),
        201,
      );
      const renamed = await json<Contest>(await as('PUT', `/admin/contests/${c.id}`, { name: 'Edited', is_active: false }), 200);
      expect(renamed).toMatchObject({ name: 'Edited', is_active: false, description: c.description, start_date: c.start_date, end_date: c.end_date });
      expect(await fieldErrors(await as('PUT', `/admin/contests/${c.id}`, { end_date: future(5) }))).toEqual({ end_date: CONTEST_MESSAGES.endAfterStart });
      expect(await fieldErrors(await as('PUT', `/admin/contests/${c.id}`, { start_date: future(25) }))).toEqual({ end_date: CONTEST_MESSAGES.endAfterStart });
      // Edit has no past-date rule.
      const moved = await json<Contest>(await as('PUT', `/admin/contests/${c.id}`, { start_date: future(-3), end_date: null }), 200);
      expect(moved.end_date).toBeNull();
      expect(await fieldErrors(await as('PUT', `/admin/contests/${c.id}`, { name: '' }))).toEqual({ name: CONTEST_MESSAGES.nameRequired });
      // PostgreSQL text cannot store U+0000: refused up front instead of failing the query.
      expect(await fieldErrors(await as('PUT', `/admin/contests/${c.id}`, { name: 'a\u0000b' }))).toEqual({ name: 'Must not contain NUL characters' });
      expect((await as('PUT', '/admin/contests/999999', { name: 'x' })).status).toBe(404);
    });

    it("should set, keep and clear the contest's own free-vote challenge, refusing unknown rules", async () => {
      const c = await json<Contest>(await as('POST', '/admin/create-contest', validContest({ name: 'Puzzled', vote_challenge: 'flagged' })), 201);
      expect(c.vote_challenge).toBe('flagged');
      expect((await json<Contest>(await as('PUT', `/admin/contests/${c.id}`, { name: 'Still puzzled' }), 200)).vote_challenge).toBe('flagged');
      expect((await json<Contest>(await as('PUT', `/admin/contests/${c.id}`, { vote_challenge: 'always' }), 200)).vote_challenge).toBe('always');
      // An empty choice (the form's "Site default") and null both follow the site.
      expect((await json<Contest>(await as('PUT', `/admin/contests/${c.id}`, { vote_challenge: '' }), 200)).vote_challenge).toBeNull();
      expect(await fieldErrors(await as('PUT', `/admin/contests/${c.id}`, { vote_challenge: 'sometimes' }))).toEqual({
        vote_challenge: 'vote_challenge must be one of off, flagged, always, or null',
      });
      expect((await json<Contest>(await as('GET', `/admin/contests/${c.id}`), 200)).vote_challenge).toBeNull();
    });

    it('should refuse a group size below the contestants a group already has', async () => {
      const contest = await insertContest(t, { groupSizeCap: 4 });
      await placed('cap', contest, [0, 0, 0, 0, 0]);
      const res = await as('PUT', `/admin/contests/${contest}`, { group_size_cap: 3 });
      expect(await json(res, 400)).toEqual({ detail: CONTEST_SERVER_MESSAGES.capBelowCount(3, 1, 4) });
      expect(res.status).toBe(400);
      const ok = await json<Contest>(await as('PUT', `/admin/contests/${contest}`, { group_size_cap: 6 }), 200);
      expect(ok).toMatchObject({ group_size_cap: 6, group_capacity: 6, group_count: 2 });
      // null falls back to the default (100), which is above every count.
      expect((await json<Contest>(await as('PUT', `/admin/contests/${contest}`, { group_size_cap: null }), 200)).group_capacity).toBe(100);
    });
  });

  describe('groups', () => {
    it('should list groups by number with capacity and fullness, add the next group and toggle one', async () => {
      const contest = await insertContest(t, { groupSizeCap: 2 });
      await placed('grp', contest, [0, 0, 0]);
      const res = await as('GET', `/admin/contests/${contest}/groups`);
      expect(res.headers.get('x-total-count')).toBe('2');
      const groups = await json<ContestGroup[]>(res, 200);
      expect(
        groups.map(({ group_number, current_contestants_count, capacity, is_full, is_active, contest_id }) => ({
          group_number,
          current_contestants_count,
          capacity,
          is_full,
          is_active,
          contest_id,
        })),
      ).toEqual([
        { group_number: 1, current_contestants_count: 2, capacity: 2, is_full: true, is_active: true, contest_id: contest },
        { group_number: 2, current_contestants_count: 1, capacity: 2, is_full: false, is_active: true, contest_id: contest },
      ]);

      const created = await json<ContestGroup>(await as('POST', `/admin/contests/${contest}/groups`), 201);
      expect(created).toMatchObject({ group_number: 3, contest_id: contest, current_contestants_count: 0, is_full: false, is_active: true });
      expect((await as('POST', '/admin/contests/999999/groups')).status).toBe(404);
      expect((await as('GET', '/admin/contests/999999/groups')).status).toBe(404);

      const off = await json<ContestGroup>(await as('PUT', `/admin/groups/${groups[1].id}`, { is_active: false }), 200);
      expect(off).toMatchObject({ id: groups[1].id, is_active: false, group_number: 2 });
      expect((await t.db.pool.query('SELECT is_active FROM groups WHERE id = $1', [groups[1].id])).rows[0].is_active).toBe(false);
      expect(await json(await as('PUT', '/admin/groups/999999', { is_active: true }), 404)).toEqual({ detail: GROUP_ADMIN_MESSAGES.groupNotFound });
      expect((await as('PUT', `/admin/groups/${groups[1].id}`, { is_active: 'no' })).status).toBe(422);
      const paged = await as('GET', `/admin/contests/${contest}/groups?skip=1&limit=1`);
      expect(paged.headers.get('x-total-count')).toBe('3');
      expect((await json<ContestGroup[]>(paged, 200)).map((g) => g.group_number)).toEqual([2]);
    });

    it('should list a group by votes, then by who joined first, ranking by position', async () => {
      const contest = await insertContest(t, { groupSizeCap: 10 });
      const users = await placed('rank', contest, [5, 9, 5, 0], ['/uploads/profiles/first.png', '/uploads/profiles/second.png']);
      await t.db.pool.query(`UPDATE contestant_profiles SET pictures_urls = '{}' WHERE user_id = $1`, [users[3].id]);
      const groupId = (await entryOf(users[0].id)).group_id;
      const body = await json<GroupContestants>(await as('GET', `/groups/${groupId}/contestants`), 200);
      expect(body).toMatchObject({
        id: groupId,
        group_number: 1,
        contest_id: contest,
        current_contestants_count: 4,
        capacity: 10,
        is_full: false,
        is_active: true,
      });
      expect(body.contestant_entries.map((e) => [e.username, e.current_contest_votes, e.rank])).toEqual([
        [users[1].username, 9, 1],
        [users[0].username, 5, 2],
        [users[2].username, 5, 3],
        [users[3].username, 0, 4],
      ]);
      expect(body.contestant_entries[0]).toEqual({
        id: expect.any(Number),
        user_id: users[1].id,
        username: users[1].username,
        first_name: 'First2',
        last_name: 'Last2',
        picture_url: '/uploads/profiles/first.png',
        current_contest_votes: 9,
        is_eliminated: false,
        rank: 1,
        winner_place: null,
      });
      expect(body.contestant_entries[3].picture_url).toBeNull();
      expect(await json(await as('GET', '/groups/999999/contestants'), 404)).toEqual({ detail: GROUP_ADMIN_MESSAGES.groupNotFound });
    });
  });

  describe('elimination', () => {
    it('should eliminate one way: again is harmless, undoing is refused', async () => {
      const contest = await insertContest(t);
      const [user] = await placed('elim', contest, [3]);
      const entry = await entryOf(user.id);
      const res = await as('PUT', `/contestants/contestant-entries/${entry.id}`, { is_eliminated: true });
      expect(await json(res, 200)).toMatchObject({
        message: GROUP_ADMIN_MESSAGES.eliminated,
        id: entry.id,
        username: user.username,
        is_eliminated: true,
        rank: 1,
      });
      expect((await entryOf(user.id)).is_eliminated).toBe(true);
      expect((await as('PUT', `/contestants/contestant-entries/${entry.id}`, { is_eliminated: true })).status).toBe(200);
      expect(await json(await as('PUT', `/contestants/contestant-entries/${entry.id}`, { is_eliminated: false }), 409)).toEqual({
        detail: GROUP_ADMIN_MESSAGES.cannotUneliminate,
      });
      expect((await entryOf(user.id)).is_eliminated).toBe(true);
      expect(await json(await as('PUT', '/contestants/contestant-entries/999999', { is_eliminated: true }), 404)).toEqual({
        detail: GROUP_ADMIN_MESSAGES.entryNotFound,
      });
      expect((await as('PUT', `/contestants/contestant-entries/${entry.id}`, {})).status).toBe(422);
    });
  });

  describe('all contestants', () => {
    let current: number;
    let users: TestAccount[];
    let outsider: TestAccount;

    beforeAll(async () => {
      await t.db.pool.query('UPDATE contests SET is_current = false');
      current = await insertContest(t, { isCurrent: true, groupSizeCap: 3 });
      // Group 1: 10, 10, 5 (ties share rank 1, then 3); group 2: 7.
      users = await placed('all', current, [10, 10, 5, 7]);
      await t.db.pool.query('UPDATE users SET first_name = $1 WHERE id = $2', ['Zelda', users[2].id]);
      [outsider] = await createAccounts(t, 'lonely', 1);
    });

    const list = async (query = '') => {
      const res = await as('GET', `/contestants${query}`);
      return { total: Number(res.headers.get('x-total-count')), items: await json<AdminContestantItem[]>(res, 200) };
    };

    it('should rank contestants of the current contest in their group, ties sharing a rank', async () => {
      const { items } = await list();
      const byName = new Map(items.map((i) => [i.username, i]));
      expect(users.map((u) => byName.get(u.username)).map((i) => [i?.current_contest_votes, i?.group_number, i?.rank])).toEqual([
        [10, 1, 1],
        [10, 1, 1],
        [5, 1, 3],
        [7, 2, 1],
      ]);
      expect(byName.get(outsider.username)).toMatchObject({ current_contest_votes: null, group_number: null, rank: null, is_eliminated: false });
      expect(byName.get(users[0].username)).toMatchObject({
        id: users[0].profileId,
        user_id: users[0].id,
        email: `${users[0].username}@example.com`,
        category: 'Scream Queens',
        total_votes: 0,
        picture_url: null,
      });
      expect(byName.has(admin.username)).toBe(false);
    });

    it('should search by username or name in any letter case and page with x-total-count', async () => {
      expect((await list('?q=ZELDA')).items.map((i) => i.username)).toEqual([users[2].username]);
      expect((await list('?q=all_')).total).toBe(4);
      expect((await list('?q=%25')).total).toBe(0); // a literal %, not a wildcard
      const everyone = await list();
      expect(everyone.items).toHaveLength(everyone.total);
      const page = await list('?skip=1&limit=2');
      expect(page.total).toBe(everyone.total);
      expect(page.items.map((i) => i.username)).toEqual(everyone.items.slice(1, 3).map((i) => i.username));
      expect((await as('GET', '/contestants?limit=abc')).status).toBe(422);
      expect((await as('GET', '/contestants?q=a%00')).status).toBe(422);
    });
  });

  describe('live updates', () => {
    let socket: RecordingSocket['socket'];
    let received: RecordingSocket['received'];
    beforeAll(async () => {
      ({ socket, received } = await recordingSocket(t.baseUrl));
    });
    afterAll(() => {
      socket.close();
    });

    const subscribe = (list: string[]) => new Promise((resolve) => socket.emit('subscribe', list, resolve));
    const waitFor = async (event: string, match: (payload: never) => boolean) => {
      const until = Date.now() + 5000;
      for (;;) {
        const hit = received.find((r) => r.event === event && match(r.payload as never));
        if (hit) return hit.payload;
        if (Date.now() > until) throw new Error(`no ${event} event; got ${JSON.stringify(received)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    it('should tell every countdown when a contest becomes current, and when the current one is deleted', async () => {
      await subscribe(['contests']);
      const id = await insertContest(t, { name: 'Live Cup', startDate: daysFromNow(3), endDate: daysFromNow(40) });
      expect((await as('PUT', `/admin/contests/${id}`, { is_current: true })).status).toBe(200);
      const made = (await waitFor('contest', (e: ContestChangedEvent) => e.id === id)) as ContestChangedEvent;
      expect(made).toMatchObject({ contest_name: 'Live Cup', is_current: true, is_active: true, end_date: expect.stringMatching(/Z$/) });
      expect((await as('DELETE', `/admin/contests/${id}`)).status).toBe(200);
      expect(await waitFor('contest', (e: ContestChangedEvent) => e.id === id && e.deleted === true)).toMatchObject({ is_current: false });
    });

    it('should tell the group room about an elimination, once', async () => {
      const contest = await insertContest(t);
      const [user] = await placed('live', contest, [1]);
      const entry = await entryOf(user.id);
      await subscribe([`group:${entry.group_id}`]);
      expect((await as('PUT', `/contestants/contestant-entries/${entry.id}`, { is_eliminated: true })).status).toBe(200);
      expect(await waitFor('eliminated', (e: EntryEliminatedEvent) => e.entry_id === entry.id)).toEqual({
        entry_id: entry.id,
        username: user.username,
        contest_id: contest,
        group_id: entry.group_id,
      });
      expect((await as('PUT', `/contestants/contestant-entries/${entry.id}`, { is_eliminated: true })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      expect(received.filter((r) => r.event === 'eliminated' && (r.payload as EntryEliminatedEvent).entry_id === entry.id)).toHaveLength(1);
    });
  });

  describe('deleting contests and users', () => {
    it('should delete a contest with its groups and entries, freeing its contestants', async () => {
      const contest = await insertContest(t, { groupSizeCap: 2 });
      const users = await placed('gone', contest, [1, 2, 3]);
      expect(await groupCounts(t, contest)).toHaveLength(2);
      expect(await json(await as('DELETE', `/admin/contests/${contest}`), 200)).toEqual({ message: CONTEST_MESSAGES.deleted });
      const left = await t.db.pool.query(
        `SELECT (SELECT count(*)::int FROM groups WHERE contest_id = $1) AS groups, (SELECT count(*)::int FROM contest_entries WHERE contest_id = $1) AS entries`,
        [contest],
      );
      expect(left.rows[0]).toEqual({ groups: 0, entries: 0 });
      expect(await json(await call(t, 'GET', '/contestants/current-contest', users[0].token), 200)).toEqual({
        is_in_contest: false,
        contest_id: null,
        contest_name: null,
        group_number: null,
      });
      expect((await as('DELETE', `/admin/contests/${contest}`)).status).toBe(404);
    });

    it('should erase a user: personal fields, picture files and tokens gone, entries withdrawn, the group given its place back', async () => {
      const contest = await insertContest(t, { groupSizeCap: 5 });
      const [stay] = await placed('stay', contest, [1]);
      const fields = await verifiedUser(t, 'doomed');
      const { rows } = await t.db.pool.query(
        `SELECT u.id, u.username, u.email, u.password_hash, u.is_superuser, u.is_verified, p.pictures_urls FROM users u JOIN contestant_profiles p ON p.user_id = u.id WHERE u.username = $1`,
        [fields.username],
      );
      const doomed = rows[0];
      expect((await join(t, { id: doomed.id, username: doomed.username, profileId: null, token: signToken(t, doomed) }, contest)).status).toBe(201);
      const files = (doomed.pictures_urls as string[]).map((u) => path.join(t.dataDir, u));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(existsSync(f)).toBe(true);
      expect(await groupCounts(t, contest)).toEqual([{ group_number: 1, counter: 2, entries: 2 }]);

      expect(await json(await as('DELETE', `/users/${doomed.id}`), 200)).toEqual({ message: GROUP_ADMIN_MESSAGES.userDeleted });
      // The erased account's entry stays for its votes' sake, withdrawn, and its place is given back.
      expect(await groupCounts(t, contest)).toEqual([{ group_number: 1, counter: 1, entries: 2 }]);
      for (const f of files) expect(existsSync(f)).toBe(false);
      const leftovers = await t.db.pool.query(
        `SELECT (SELECT username FROM users WHERE id = $1) AS username, (SELECT email FROM users WHERE id = $1) AS email,
                (SELECT pictures_urls FROM contestant_profiles WHERE user_id = $1) AS pictures,
                (SELECT count(*)::int FROM contest_entries WHERE user_id = $1 AND withdrawn_at IS NULL) AS entries, (SELECT count(*)::int FROM auth_tokens WHERE user_id = $1) AS tokens`,
        [doomed.id],
      );
      expect(leftovers.rows[0]).toEqual({
        username: `deleted-${doomed.id}`,
        email: `deleted-${doomed.id}@erased.invalid`,
        pictures: [],
        entries: 0,
        tokens: 0,
      });
      expect((await entryOf(stay.id)).group_id).toBeDefined();
      expect(await json(await as('DELETE', `/users/${doomed.id}`), 404)).toEqual({ detail: GROUP_ADMIN_MESSAGES.userNotFound });
    });

    it('should refuse to delete oneself', async () => {
      expect(await json(await as('DELETE', `/users/${admin.id}`), 400)).toEqual({ detail: GROUP_ADMIN_MESSAGES.cannotDeleteSelf });
    });

    it('should leave exactly one owner when two delete each other at once', async () => {
      const [x, y] = await createAccounts(t, 'duel', 2, 'admin');
      // The duel's two are the only owners (the suite's admin steps back to organizer meanwhile).
      await t.db.pool.query(`UPDATE users SET is_superuser = true, staff_role = 'organizer' WHERE id = $1`, [admin.id]);
      try {
        const [a, b] = await Promise.all([call(t, 'DELETE', `/users/${y.id}`, x.token), call(t, 'DELETE', `/users/${x.id}`, y.token)]);
        const statuses = [a.status, b.status].sort();
        // The loser either waited and saw one administrator left (400), or its account was gone before its guard ran (401).
        expect(statuses[0]).toBe(200);
        expect([400, 401]).toContain(statuses[1]);
        const loser = a.status === 200 ? b : a;
        if (loser.status === 400) expect(await loser.json()).toEqual({ detail: GROUP_ADMIN_MESSAGES.cannotDeleteLastAdmin });
        expect((await t.db.pool.query(`SELECT count(*)::int AS n FROM users WHERE staff_role = 'owner'`)).rows[0].n).toBe(1);
      } finally {
        await t.db.pool.query(`UPDATE users SET is_superuser = true, staff_role = 'owner' WHERE id = $1`, [admin.id]);
      }
    });
  });
});
