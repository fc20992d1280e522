// GET/PUT /contestants/profile/basics: the caller's
// own category and four answers, the contract's rules over HTTP, and the public profile showing them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ContestantProfile } from '#contract/profiles/answers.js';
import { PROFILE_ANSWER_MAX } from '#contract/profiles/constants.js';
import { PROFILE_BASICS_MESSAGES as M } from '#contract/profiles/messages.js';
import type { ProfileBasics } from '#contract/profiles/requests.js';
import { call, createAccounts, type TestAccount } from '../helpers/contest-fixtures.js';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../helpers/test-app.js';

const BASICS = '/contestants/profile/basics';

const ANSWERS: ProfileBasics = {
  category: 'Creature Killer',
  horror_passion: 'The silence right before the scream.',
  character_qualities: 'Patience, and a very loud voice.',
  dreams_and_goals: 'A lead role in a midnight creature feature.',
  ideal_horror_role: 'The last survivor who turns the tables.',
};

const FIELDS = ['category', 'horror_passion', 'character_qualities', 'dreams_and_goals', 'ideal_horror_role'] as const;

describe('profile basics', () => {
  let t: TestServer;
  let db: TestDatabase;
  let ivy: TestAccount;
  let otto: TestAccount;
  let noProfile: TestAccount;
  let admin: TestAccount;

  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
  const put = (account: TestAccount | null, body: unknown) => call(t, 'PUT', BASICS, account?.token, body).then(json);
  const stored = async (a: TestAccount) =>
    (
      await t.db.pool.query(
        'SELECT category, horror_passion, character_qualities, dreams_and_goals, ideal_horror_role FROM contestant_profiles WHERE id = $1',
        [a.profileId],
      )
    ).rows[0] as Record<string, unknown>;
  /** The 422 entries as [field, message]. */
  const problems = (body: Record<string, unknown>) => (body.detail as { loc: unknown[]; msg: string }[]).map((d) => [d.loc.slice(1).join('.'), d.msg]);

  beforeAll(async () => {
    db = await createTestDatabase();
    t = await startTestServer({}, { db });
    [ivy, otto] = await createAccounts(t, 'basics', 2);
    [noProfile] = await createAccounts(t, 'basics_np', 1, 'no-profile');
    [admin] = await createAccounts(t, 'basics_admin', 1, 'admin');
    await t.db.pool.query(`UPDATE contestant_profiles SET horror_passion = 'Otto''s own words.', category = 'Heroic Males' WHERE id = $1`, [otto.profileId]);
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    await db.drop();
  });

  it('should answer the caller’s category, with null for answers never given', async () => {
    expect(await json(await call(t, 'GET', BASICS, ivy.token))).toEqual({
      status: 200,
      body: { category: 'Scream Queens', horror_passion: null, character_qualities: null, dreams_and_goals: null, ideal_horror_role: null },
    });
  });

  it('should answer 401 to an anonymous caller and to a bad token, whatever the body', async () => {
    const unauthorized = { status: 401, body: { detail: 'Not authenticated' } };
    expect(await json(await call(t, 'GET', BASICS))).toEqual(unauthorized);
    expect(await put(null, ANSWERS)).toEqual(unauthorized);
    expect(await put(null, {})).toEqual(unauthorized);
    expect(await json(await call(t, 'GET', BASICS, 'not.a.token'))).toEqual(unauthorized);
  });

  it("should answer 404 'Profile not found' to an administrator without a contestant profile, and make none", async () => {
    expect(await json(await call(t, 'GET', BASICS, admin.token))).toEqual({ status: 404, body: { detail: M.notFound } });
    expect(await put(admin, ANSWERS)).toEqual({ status: 404, body: { detail: M.notFound } });
    const { rows } = await t.db.pool.query('SELECT count(*)::int AS n FROM contestant_profiles WHERE user_id = $1', [admin.id]);
    expect(rows[0].n).toBe(0);
  });

  it("should let a user without a contestant profile create it by saving the basics ('Get Started'), as a contestant", async () => {
    expect(await json(await call(t, 'GET', BASICS, noProfile.token))).toEqual({ status: 404, body: { detail: M.notFound } });
    // A blank form is refused as for anyone, and makes nothing.
    expect((await put(noProfile, {})).status).toBe(422);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM contestant_profiles WHERE user_id = $1', [noProfile.id])).rows[0].n).toBe(0);

    const saves = await Promise.all([put(noProfile, ANSWERS), put(noProfile, ANSWERS)]);
    expect(saves).toEqual([
      { status: 200, body: ANSWERS },
      { status: 200, body: ANSWERS },
    ]);
    expect(await json(await call(t, 'GET', BASICS, noProfile.token))).toEqual({ status: 200, body: ANSWERS });
    const { rows } = await t.db.pool.query(
      `SELECT u.is_competitor, count(p.id)::int AS profiles FROM users u LEFT JOIN contestant_profiles p ON p.user_id = u.id WHERE u.id = $1 GROUP BY u.id`,
      [noProfile.id],
    );
    expect(rows[0]).toEqual({ is_competitor: true, profiles: 1 });
    const me = await json(await call(t, 'GET', '/users/me', noProfile.token));
    expect(me.status).toBe(200);
    expect(me.body.contestant_profile).toMatchObject({ category: ANSWERS.category, horror_passion: ANSWERS.horror_passion });
  });

  it('should save the basics, answer them as stored (outer spaces dropped), and leave another user’s profile untouched', async () => {
    const ottoBefore = await stored(otto);
    const sent = { ...ANSWERS, horror_passion: `  ${ANSWERS.horror_passion}\n`, extra: 'ignored' };
    expect(await put(ivy, sent)).toEqual({ status: 200, body: ANSWERS });
    expect(await json(await call(t, 'GET', BASICS, ivy.token))).toEqual({ status: 200, body: ANSWERS });
    expect(await stored(ivy)).toEqual(ANSWERS);
    expect(await stored(otto)).toEqual(ottoBefore);
    expect(ottoBefore).toMatchObject({ category: 'Heroic Males', horror_passion: "Otto's own words." });
  });

  it('should show the new answers and category on the public profile at once', async () => {
    const changed = { ...ANSWERS, category: 'Teen Queens', dreams_and_goals: 'Changed just now.' };
    expect((await put(ivy, changed)).status).toBe(200);
    const { status, body } = await json(await call(t, 'GET', `/contestants/${ivy.username}/`));
    expect(status).toBe(200);
    const profile = body as unknown as ContestantProfile;
    expect(FIELDS.map((f) => profile[f])).toEqual(FIELDS.map((f) => changed[f]));
    await put(ivy, ANSWERS);
  });

  it(`should take answers of exactly ${PROFILE_ANSWER_MAX} characters and refuse ${PROFILE_ANSWER_MAX + 1}`, async () => {
    const full = 'a'.repeat(PROFILE_ANSWER_MAX);
    expect(await put(ivy, { ...ANSWERS, ideal_horror_role: full })).toEqual({ status: 200, body: { ...ANSWERS, ideal_horror_role: full } });
    const tooLong = await put(ivy, { ...ANSWERS, horror_passion: 'x'.repeat(PROFILE_ANSWER_MAX + 1), ideal_horror_role: 'short' });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail).toEqual([{ loc: ['body', 'horror_passion'], msg: M.answerTooLong, type: 'value_error.too_big' }]);
    // Nothing of a refused request is written.
    expect(await stored(ivy)).toEqual({ ...ANSWERS, ideal_horror_role: full });
    await put(ivy, ANSWERS);
  });

  it.each([
    ['an unknown category', { category: 'Zombie Kings' }, [['category', M.categoryInvalid]]],
    ['a category in another letter case', { category: 'scream queens' }, [['category', M.categoryInvalid]]],
    ['a category that is not text', { category: 3 }, [['category', M.categoryInvalid]]],
    ['an empty category', { category: '' }, [['category', M.categoryRequired]]],
    ['a null category', { category: null }, [['category', M.categoryRequired]]],
    ['an empty answer', { character_qualities: '' }, [['character_qualities', M.answerRequired]]],
    ['an answer of spaces only', { dreams_and_goals: '   \n ' }, [['dreams_and_goals', M.answerRequired]]],
    ['an answer that is not text', { ideal_horror_role: 42 }, [['ideal_horror_role', M.answerRequired]]],
  ])('should refuse %s with 422 and the spec’s message, writing nothing', async (_name, change, expected) => {
    const before = await stored(ivy);
    const { status, body } = await put(ivy, { ...ANSWERS, ...change });
    expect(status).toBe(422);
    expect(problems(body)).toEqual(expected);
    expect(await stored(ivy)).toEqual(before);
  });

  it('should list every missing field, one entry each, for an empty body', async () => {
    const { status, body } = await put(ivy, {});
    expect(status).toBe(422);
    expect(problems(body)).toEqual([
      ['category', M.categoryRequired],
      ['horror_passion', M.answerRequired],
      ['character_qualities', M.answerRequired],
      ['dreams_and_goals', M.answerRequired],
      ['ideal_horror_role', M.answerRequired],
    ]);
    expect((body.detail as { type: string }[]).every((d) => d.type === 'missing')).toBe(true);
  });

  it('should refuse a body that is not an object, and a NUL character in an answer, with 422', async () => {
    expect((await put(ivy, ['Scream Queens'])).status).toBe(422);
    const nul = await put(ivy, { ...ANSWERS, horror_passion: 'bad\u0000byte' });
    expect(nul.status).toBe(422);
    expect(await stored(ivy)).toEqual(ANSWERS);
  });

  it('should reach this route, not the public profile, while a contestant named "profile" keeps their public paths', async () => {
    // 'profile' is a valid username; /contestants/{username}/ and …/views must still find that contestant.
    await t.db.pool.query(`UPDATE users SET username = 'profile' WHERE id = $1`, [otto.id]);
    try {
      expect(await json(await call(t, 'GET', BASICS))).toEqual({ status: 401, body: { detail: 'Not authenticated' } });
      expect((await json(await call(t, 'GET', BASICS, ivy.token))).body).toEqual(ANSWERS);
      const publicProfile = await json(await call(t, 'GET', '/contestants/profile/'));
      expect(publicProfile.status).toBe(200);
      expect((publicProfile.body as unknown as ContestantProfile).user.username).toBe('profile');
      expect(await json(await call(t, 'GET', '/contestants/profile/views'))).toEqual({ status: 200, body: { profile_views: 0 } });
    } finally {
      await t.db.pool.query(`UPDATE users SET username = $2 WHERE id = $1`, [otto.id, otto.username]);
    }
  });
});
