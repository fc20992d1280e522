import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ContestantProfile } from '#contract/profiles/answers.js';
import { PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually, loopbackAddress, requestFrom } from '../helpers/source-address.js';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../helpers/test-app.js';

describe('public profile and views', () => {
  let t: TestServer;
  let db: TestDatabase;
  let contest: number;
  let mara: TestAccount;
  let idle: TestAccount;
  let unverified: TestAccount;

  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
  const storedViews = async (a: TestAccount) =>
    (await t.db.pool.query('SELECT profile_views FROM contestant_profiles WHERE id = $1', [a.profileId])).rows[0].profile_views as number;

  beforeAll(async () => {
    db = await createTestDatabase();
    t = await startTestServer({}, { db });
    contest = await insertContest(t, { name: 'Profile Cup', isCurrent: true });
    [mara, idle, unverified] = await createAccounts(t, 'prof', 3, 'contestant', ['/uploads/profiles/m.png']);
    await t.db.pool.query('UPDATE users SET is_verified = false WHERE id = $1', [unverified.id]);
    expect((await join(t, mara, contest)).status).toBe(201);
    await t.db.pool.query('UPDATE contestant_profiles SET total_votes = 40, paid_votes = 5, biography = $2 WHERE id = $1', [mara.profileId, 'Screams.']);
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = 12, paid_votes = 5 WHERE profile_id = $1', [mara.profileId]);
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    await db.drop();
  });

  describe('GET /contestants/{username}/', () => {
    it('should answer the contestant profile with the current contest entry, with or without the trailing slash, any letter case', async () => {
      const withSlash = await json(await call(t, 'GET', `/contestants/${mara.username}/`));
      expect(withSlash.status).toBe(200);
      const profile = withSlash.body as unknown as ContestantProfile;
      const entry = (await t.db.pool.query('SELECT id, group_id FROM contest_entries WHERE profile_id = $1', [mara.profileId])).rows[0];
      expect(profile).toEqual({
        id: mara.profileId,
        user_id: mara.id,
        user: { first_name: 'First1', last_name: 'Last1', username: mara.username, instagram: null, tiktok: null },
        category: 'Scream Queens',
        biography: 'Screams.',
        pictures_urls: ['/uploads/profiles/m.png'],
        current_position_in_group: 1,
        horror_passion: null,
        character_qualities: null,
        dreams_and_goals: null,
        ideal_horror_role: null,
        answers: expect.any(Array),
        active_contest_entry: {
          id: entry.id,
          contest_id: contest,
          group_id: entry.group_id,
          current_contest_votes: 12,
          paid_votes: 5,
          is_eliminated: false,
          winner_place: null,
        },
        total_votes: 40,
        free_votes: 35,
        paid_votes: 5,
        is_eliminated: false,
        // The offer of the contest the contestant is in: the site's, as the contest has none of its own.
        vote_offer: {
          currency: 'USD',
          donation_vote_price: 100,
          packages: [
            { id: 1, votes: 10, bonus: 2, price_minor: 1000 },
            { id: 2, votes: 50, bonus: 20, price_minor: 5000 },
            { id: 3, votes: 100, bonus: 50, price_minor: 10000 },
            { id: 4, votes: 200, bonus: 125, price_minor: 20000 },
          ],
        },
      });
      expect((await json(await call(t, 'GET', `/contestants/${mara.username.toUpperCase()}`))).body).toEqual(withSlash.body);
    });

    it('should answer a contestant outside the current contest with no entry and no position', async () => {
      const { body } = await json(await call(t, 'GET', `/contestants/${idle.username}`));
      expect(body).toMatchObject({ active_contest_entry: null, current_position_in_group: null, is_eliminated: false, total_votes: 0, vote_offer: null });
    });

    it('should show an elimination at once', async () => {
      await t.db.pool.query('UPDATE contest_entries SET is_eliminated = true WHERE profile_id = $1', [mara.profileId]);
      try {
        const { body } = await json(await call(t, 'GET', `/contestants/${mara.username}/`));
        expect(body).toMatchObject({ is_eliminated: true, active_contest_entry: { is_eliminated: true } });
      } finally {
        await t.db.pool.query('UPDATE contest_entries SET is_eliminated = false WHERE profile_id = $1', [mara.profileId]);
      }
    });

    it("should answer 404 'Profile not found' for unknown names, accounts without a profile and names that cannot exist", async () => {
      const [admin] = await createAccounts(t, 'prof_admin', 1, 'admin');
      for (const name of ['nobody_here', admin.username, 'a', 'x'.repeat(31), '%00bad', 'semi;colon']) {
        expect(await json(await call(t, 'GET', `/contestants/${name}/`))).toEqual({ status: 404, body: { detail: PROFILE_MESSAGES.notFound } });
      }
    });

    it('should leave the static /contestants paths to their own routes', async () => {
      expect(await json(await call(t, 'GET', '/contestants/current-contest'))).toEqual({ status: 401, body: { detail: 'Not authenticated' } });
      expect((await call(t, 'GET', '/contestants/current-contest', mara.token)).status).toBe(200);
      expect((await call(t, 'POST', '/contestants/join-contest', null, { contest_id: contest })).status).toBe(401);
    });
  });

  describe('views', () => {
    const open = (username: string, from: string, token?: string) =>
      requestFrom(`${t.api}/contestants/${username}/increment-views`, 'POST', { from, token }).then((a) => ({ status: a.status, body: a.body }));

    it('should count each viewer once an hour and answer the new count at once', async () => {
      const counts: unknown[] = [];
      for (let i = 0; i < 3; i++) counts.push((await open(mara.username, loopbackAddress(i, 21))).body);
      expect(counts).toEqual([{ profile_views: 1 }, { profile_views: 2 }, { profile_views: 3 }]);
      // The same viewers again: nothing more.
      for (let i = 0; i < 3; i++) expect((await open(mara.username, loopbackAddress(i, 21))).body).toEqual({ profile_views: 3 });
      // A signed-in viewer is one viewer, from any address.
      expect((await open(mara.username, loopbackAddress(0, 21), idle.token)).body).toEqual({ profile_views: 4 });
      expect((await open(mara.username, loopbackAddress(9, 21), idle.token)).body).toEqual({ profile_views: 4 });
      expect(await json(await call(t, 'GET', `/contestants/${mara.username}/views`))).toEqual({ status: 200, body: { profile_views: 4 } });
      // Written to the database within about a second.
      await eventually(
        'the views to be stored',
        () => storedViews(mara),
        (n) => n === 4,
      );
      expect((await json(await call(t, 'GET', `/contestants/${mara.username}/views`))).body).toEqual({ profile_views: 4 });
    });

    it('should lose no view under a burst of simultaneous opens, and count one address sending hundreds once', async () => {
      const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => open(idle.username, loopbackAddress(i, 22))));
      expect(answers.every((a) => a.status === 200)).toBe(true);
      expect(Math.max(...answers.map((a) => a.body.profile_views as number))).toBe(100);
      const flood = await Promise.all(Array.from({ length: 300 }, () => open(idle.username, '127.22.200.2')));
      expect(flood.every((a) => a.status === 200)).toBe(true);
      await eventually(
        'the views to be stored',
        () => storedViews(idle),
        (n) => n === 101,
      );
      expect((await json(await call(t, 'GET', `/contestants/${idle.username}/views`))).body).toEqual({ profile_views: 101 });
    });

    it("should keep an unverified account's profile private: no profile, vote page, views or preview until the e-mail is verified", async () => {
      const notFound = { status: 404, body: { detail: PROFILE_MESSAGES.notFound } };
      expect(await json(await call(t, 'GET', `/contestants/${unverified.username}/`))).toEqual(notFound);
      expect(await json(await call(t, 'GET', `/profiles/id/${unverified.profileId}`))).toEqual(notFound);
      expect(await open(unverified.username, '127.24.0.2')).toEqual(notFound);
      expect(await json(await call(t, 'GET', `/contestants/${unverified.username}/views`))).toEqual(notFound);
      expect(await json(await call(t, 'GET', `/share-cards/${unverified.username}.png`))).toEqual(notFound);
    });

    it("should answer 404 'Profile not found' for unknown contestants", async () => {
      expect(await json(await call(t, 'POST', '/contestants/nobody_here/increment-views'))).toEqual({
        status: 404,
        body: { detail: PROFILE_MESSAGES.notFound },
      });
      expect(await json(await call(t, 'GET', '/contestants/nobody_here/views'))).toEqual({ status: 404, body: { detail: PROFILE_MESSAGES.notFound } });
    });

    it('should write the views still in memory when the server stops', async () => {
      const before = await storedViews(mara);
      await open(mara.username, loopbackAddress(0, 23));
      await open(mara.username, loopbackAddress(1, 23));
      await t.stop(); // SIGTERM: a graceful stop; the database stays (this file owns it)
      expect(await storedViews(mara)).toBe(before + 2);
    });
  });
});
