import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Contest } from '#contract/contests/answers.js';
import type { CurrentUser } from '#contract/auth/answers.js';
import { CONTEST_MESSAGES, JOIN_MESSAGES, joinedMessage } from '#contract/contests/messages.js';
import { AUTH_GUARD_MESSAGES } from '#contract/auth/messages.js';
import { call, createAccounts, daysFromNow, groupCounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aContestEntry, aGroup } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const DEFAULT_CAPACITY = 4;

describe('joining a contest', () => {
  let t: TestServer;

  const inContest = async (a: TestAccount) => {
    const res = await call(t, 'GET', '/contestants/current-contest', a.token);
    expect(res.status).toBe(200);
    return ((await res.json()) as { is_in_contest: boolean }).is_in_contest;
  };
  const expectDetail = async (res: Response, status: number, detail: unknown) => {
    expect({ status: res.status, body: await res.json() }).toEqual({ status, body: { detail } });
  };

  beforeAll(async () => {
    t = await startTestServer({ GROUP_CAPACITY_DEFAULT: String(DEFAULT_CAPACITY) });
  });
  afterAll(async () => {
    await t.stop();
  });

  describe('GET /contests/all-contests', () => {
    it('should list active contests that have not ended, for anyone, with the capacity every screen uses', async () => {
      const open = await insertContest(t, { name: 'Open', groupSizeCap: 12 });
      const upcoming = await insertContest(t, { name: 'Upcoming', startDate: daysFromNow(5), endDate: null });
      const inactive = await insertContest(t, { isActive: false });
      const ended = await insertContest(t, { startDate: daysFromNow(-10), endDate: daysFromNow(-1) });

      const res = await fetch(`${t.api}/contests/all-contests`);
      expect(res.status).toBe(200);
      const contests = (await res.json()) as Contest[];
      const ids = contests.map((c) => c.id);
      expect(ids).toEqual(expect.arrayContaining([open, upcoming]));
      expect(ids).not.toContain(inactive);
      expect(ids).not.toContain(ended);
      expect(contests.find((c) => c.id === open)).toMatchObject({ name: 'Open', group_size_cap: 12, group_capacity: 12, is_active: true, group_count: 0 });
      const soon = contests.find((c) => c.id === upcoming)!;
      expect(soon).toMatchObject({ end_date: null, group_size_cap: null, group_capacity: DEFAULT_CAPACITY });
      expect(soon.start_date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });
  });

  describe('POST /contestants/join-contest rules', () => {
    let contest: number;
    beforeAll(async () => {
      contest = await insertContest(t, { name: 'Rules Cup', groupSizeCap: 10 });
    });

    it('should need a signed-in user', async () => {
      const res = await call(t, 'POST', '/contestants/join-contest', null, { contest_id: contest });
      await expectDetail(res, 401, AUTH_GUARD_MESSAGES.notAuthenticated);
    });

    it('should refuse administrators, unverified users and users without a contestant profile with 403', async () => {
      const [admin] = await createAccounts(t, 'rule_admin', 1, 'admin');
      const [unverified] = await createAccounts(t, 'rule_unverified', 1, 'unverified');
      const [noProfile] = await createAccounts(t, 'rule_noprofile', 1, 'no-profile');
      await expectDetail(await join(t, admin, contest), 403, JOIN_MESSAGES.adminCannotJoin);
      await expectDetail(await join(t, unverified, contest), 403, JOIN_MESSAGES.verifyFirst);
      await expectDetail(await join(t, noProfile, contest), 403, JOIN_MESSAGES.profileRequired);
      expect((await t.db.pool.query('SELECT count(*)::int AS n FROM contest_entries WHERE contest_id = $1', [contest])).rows[0].n).toBe(0);
    });

    it('should answer 404 for an unknown contest, 400 for an inactive or ended one, 422 for a bad id', async () => {
      const [user] = await createAccounts(t, 'rule_user', 1);
      const inactive = await insertContest(t, { isActive: false });
      const ended = await insertContest(t, { startDate: daysFromNow(-10), endDate: daysFromNow(-1) });
      await expectDetail(await join(t, user, 987654), 404, CONTEST_MESSAGES.notFound);
      await expectDetail(await join(t, user, inactive), 400, JOIN_MESSAGES.notOpen);
      await expectDetail(await join(t, user, ended), 400, JOIN_MESSAGES.ended);
      for (const bad of ['abc', -1, 1.5, 99_999_999_999, null]) {
        const res = await join(t, user, bad);
        expect(res.status).toBe(422);
        const body = (await res.json()) as { detail: { loc: unknown[] }[] };
        expect(body.detail[0].loc).toEqual(['body', 'contest_id']);
      }
      expect(await inContest(user)).toBe(false);
    });

    it('should join, say where, and then refuse a second contest with the spec text while the first runs', async () => {
      const [user] = await createAccounts(t, 'rule_joiner', 1);
      const other = await insertContest(t, { name: 'Other Cup' });
      expect(await inContest(user)).toBe(false);

      const res = await join(t, user, contest);
      expect(res.status).toBe(201);
      const body = (await res.json()) as { message: string; group_number: number; contest_id: number };
      expect(body).toMatchObject({ message: joinedMessage('Rules Cup', 1), group_number: 1, contest_id: contest });
      expect(body.message).toBe("You're in! You have joined Rules Cup in Group 1.");
      expect(await inContest(user)).toBe(true);
      // The status names the contest and the group, for the success page and the other contests' cards.
      const status = await (await call(t, 'GET', '/contestants/current-contest', user.token)).json();
      expect(status).toEqual({ is_in_contest: true, contest_id: contest, contest_name: 'Rules Cup', group_number: 1 });

      await expectDetail(await join(t, user, other), 409, JOIN_MESSAGES.alreadyIn);
      await expectDetail(await join(t, user, contest), 409, JOIN_MESSAGES.alreadyIn);

      // Once the contest has ended the user is free again.
      await t.db.pool.query(`UPDATE contests SET start_date = now() - interval '10 days', end_date = now() - interval '1 second' WHERE id = $1`, [contest]);
      expect(await inContest(user)).toBe(false);
      expect(await (await call(t, 'GET', '/contestants/current-contest', user.token)).json()).toEqual({
        is_in_contest: false,
        contest_id: null,
        contest_name: null,
        group_number: null,
      });
      expect((await join(t, user, other)).status).toBe(201);
      expect(await inContest(user)).toBe(true);
    });
  });

  describe('GET /users/me after joining', () => {
    it('should list the entries, current contest first, and fill the profile from the current contest entry', async () => {
      const [me, rival] = await createAccounts(t, 'me_join', 2);
      const past = await insertContest(t, { startDate: daysFromNow(-40), endDate: daysFromNow(-20) });
      const current = await insertContest(t, { name: 'Current Cup', isCurrent: true, groupSizeCap: 5 });
      expect((await join(t, me, past)).status).toBe(400); // ended: joining it is refused ...
      // ... so the old entry is made directly, as if it had been joined back then.
      const group = await aGroup(t.db, past, { group_number: 1, current_contestants_count: 1 });
      await aContestEntry(
        t.db,
        { userId: me.id, profileId: me.profileId!, contestId: past, groupId: group.id },
        { current_contest_votes: 7, joined_at: daysFromNow(-30) },
      );
      expect((await join(t, me, current)).status).toBe(201);
      expect((await join(t, rival, current)).status).toBe(201);
      await t.db.pool.query(`UPDATE contest_entries SET current_contest_votes = CASE user_id WHEN $1 THEN 3 ELSE 9 END WHERE contest_id = $2`, [
        me.id,
        current,
      ]);

      const res = await call(t, 'GET', '/users/me', me.token);
      expect(res.status).toBe(200);
      const body = (await res.json()) as CurrentUser;
      expect(body.contest_entries.map((e) => e.contest_id)).toEqual([current, past]);
      expect(body.contest_entries[0]).toMatchObject({ current_contest_votes: 3, is_eliminated: false, joined_at: expect.stringMatching(/Z$/) });
      expect(body.contestant_profile).toMatchObject({
        active_contest_entry: { id: body.contest_entries[0].id, contest_id: current, current_contest_votes: 3, is_eliminated: false },
        current_position_in_group: 2,
        is_eliminated: false,
      });

      await t.db.pool.query('UPDATE contest_entries SET is_eliminated = true WHERE id = $1', [body.contest_entries[0].id]);
      const after = (await (await call(t, 'GET', '/users/me', me.token)).json()) as CurrentUser;
      expect(after.contestant_profile).toMatchObject({ is_eliminated: true, active_contest_entry: { is_eliminated: true } });
      await t.db.pool.query('UPDATE contests SET is_current = false WHERE id = $1', [current]);
    });
  });

  describe('placement', () => {
    it('should fill the lowest-numbered active group first, skip inactive ones, and open the next group when all are full', async () => {
      const contest = await insertContest(t, { groupSizeCap: 2 });
      const users = await createAccounts(t, 'place', 6);
      for (const u of users.slice(0, 3)) expect((await join(t, u, contest)).status).toBe(201);
      expect(await groupCounts(t, contest)).toEqual([
        { group_number: 1, counter: 2, entries: 2 },
        { group_number: 2, counter: 1, entries: 1 },
      ]);
      // Group 2 switched off: the next contestant goes to a new group 3, not into group 2's free place.
      await t.db.pool.query('UPDATE groups SET is_active = false WHERE contest_id = $1 AND group_number = 2', [contest]);
      expect(((await (await join(t, users[3], contest)).json()) as { group_number: number }).group_number).toBe(3);
      await t.db.pool.query('UPDATE groups SET is_active = true WHERE contest_id = $1 AND group_number = 2', [contest]);
      expect(((await (await join(t, users[4], contest)).json()) as { group_number: number }).group_number).toBe(2);
      expect(((await (await join(t, users[5], contest)).json()) as { group_number: number }).group_number).toBe(3);
      expect(await groupCounts(t, contest)).toEqual([
        { group_number: 1, counter: 2, entries: 2 },
        { group_number: 2, counter: 2, entries: 2 },
        { group_number: 3, counter: 2, entries: 2 },
      ]);
    });

    it('should use GROUP_CAPACITY_DEFAULT when the contest sets no group size', async () => {
      const contest = await insertContest(t, { groupSizeCap: null });
      const users = await createAccounts(t, 'default_cap', DEFAULT_CAPACITY + 1);
      for (const u of users) expect((await join(t, u, contest)).status).toBe(201);
      expect(await groupCounts(t, contest)).toEqual([
        { group_number: 1, counter: DEFAULT_CAPACITY, entries: DEFAULT_CAPACITY },
        { group_number: 2, counter: 1, entries: 1 },
      ]);
    });
  });

  describe('concurrency', () => {
    it('should make exactly one entry when one user fires 10 joins at once', async () => {
      const contest = await insertContest(t, { groupSizeCap: 5 });
      const other = await insertContest(t, { groupSizeCap: 5 });
      const [user] = await createAccounts(t, 'burst', 1);
      // Half at one contest, half at another: the user lock must serialize across contests too.
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => join(t, user, i % 2 ? other : contest)));
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([201, ...Array(9).fill(409)]);
      for (const r of answers.filter((a) => a.status === 409)) expect(await r.json()).toEqual({ detail: JOIN_MESSAGES.alreadyIn });
      const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM contest_entries WHERE user_id = $1', [user.id]);
      expect(rows[0].n).toBe(1);
      const counters = [...(await groupCounts(t, contest)), ...(await groupCounts(t, other))];
      expect(counters).toEqual([{ group_number: 1, counter: 1, entries: 1 }]);
    });

    it('should fill groups 1..3 exactly to capacity when 3× capacity users join at once', async () => {
      const contest = await insertContest(t, { groupSizeCap: 5 });
      const users = await createAccounts(t, 'crowd', 15);
      const answers = await Promise.all(users.map((u) => join(t, u, contest)));
      expect(answers.map((r) => r.status)).toEqual(Array(15).fill(201));
      const numbers = await Promise.all(answers.map(async (r) => ((await r.json()) as { group_number: number }).group_number));
      expect(numbers.sort()).toEqual([...Array(5).fill(1), ...Array(5).fill(2), ...Array(5).fill(3)]);
      expect(await groupCounts(t, contest)).toEqual([1, 2, 3].map((n) => ({ group_number: n, counter: 5, entries: 5 })));
    });
  });
});
