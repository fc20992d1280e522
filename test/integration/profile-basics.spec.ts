// GET/PUT /contestants/profile/basics: the caller's own category and answers (the first four questions' own
// fields and `answers` by key), the rules over HTTP (the questions' and the categories' of the moment), and the
// public profile showing them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ContestantProfile } from '#contract/profiles/answers.js';
import { CATEGORIES } from '#contract/profiles/constants.js';
import { PROFILE_BASICS_MESSAGES as M } from '#contract/profiles/messages.js';
import { QUESTION_MESSAGES as Q } from '#contract/questions/messages.js';
import type { ProfileBasics } from '#contract/profiles/requests.js';
import { anAnswer } from '../helpers/factories.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
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

/** The migration's four questions, as the answers carry them. */
const QUESTIONS = [
  ['horror_passion', 'What drives your passion for horror?', 'What drives my passion for horror', 'The film that hooked you, the feeling you chase...'],
  ['character_qualities', 'What qualities do you bring to a character?', 'Qualities I bring to a character', 'What makes your performances unforgettable?'],
  ['dreams_and_goals', 'What are your dreams and goals?', 'My dreams and goals', 'Where do you want your acting to take you?'],
  ['ideal_horror_role', 'What is your ideal horror role?', 'My ideal horror role', 'Final girl, creature, villain...'],
] as const;
const PASSION_LABEL = QUESTIONS[0][1];

/** The answer GET and PUT give for these stored basics. */
const answered = (b: Partial<Record<(typeof FIELDS)[number], string | null>>, categories: readonly string[] = CATEGORIES) => ({
  category: b.category,
  horror_passion: b.horror_passion ?? null,
  character_qualities: b.character_qualities ?? null,
  dreams_and_goals: b.dreams_and_goals ?? null,
  ideal_horror_role: b.ideal_horror_role ?? null,
  answers: QUESTIONS.map(([key, label, public_label, help]) => ({ key, label, public_label, help, required: false, max_length: 500, answer: b[key] ?? null })),
  categories: [...categories],
});

describe('profile basics', () => {
  let t: TestServer;
  let db: TestDatabase;
  let ivy: TestAccount;
  let otto: TestAccount;
  let noProfile: TestAccount;
  let admin: TestAccount;
  let organizer: TestAccount;
  /** An organizer's edit of the question with that key (ids 1 to 4: the migration's), effective at once. */
  const editQuestion = async (key: string, patch: Record<string, unknown>) => {
    const id = QUESTIONS.findIndex(([k]) => k === key) + 1;
    expect((await call(t, 'PUT', `/admin/profile-questions/${id}`, organizer.token, patch)).status).toBe(200);
  };

  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });
  const put = (account: TestAccount | null, body: unknown) => call(t, 'PUT', BASICS, account?.token, body).then(json);
  /** The stored category and answers by question key. */
  const stored = async (a: TestAccount) => {
    const { rows } = await t.db.pool.query(
      `SELECT p.category, (SELECT json_object_agg(q.key, x.answer) FROM profile_answers x JOIN profile_questions q ON q.id = x.question_id WHERE x.profile_id = p.id) AS answers
       FROM contestant_profiles p WHERE p.id = $1`,
      [a.profileId],
    );
    const { category, answers } = rows[0] as { category: string; answers: Record<string, string> | null };
    return { category, ...Object.fromEntries(FIELDS.slice(1).map((f) => [f, answers?.[f] ?? null])), ...(answers ?? {}) } as Record<string, unknown>;
  };
  /** The 422 entries as [field, message]. */
  const problems = (body: Record<string, unknown>) => (body.detail as { loc: unknown[]; msg: string }[]).map((d) => [d.loc.slice(1).join('.'), d.msg]);

  beforeAll(async () => {
    db = await createTestDatabase();
    t = await startTestServer({}, { db });
    [ivy, otto] = await createAccounts(t, 'basics', 2);
    [noProfile] = await createAccounts(t, 'basics_np', 1, 'no-profile');
    [admin] = await createAccounts(t, 'basics_admin', 1, 'admin');
    [organizer] = await createAccounts(t, 'basics_org', 1, 'organizer');
    await t.db.pool.query(`UPDATE contestant_profiles SET category = 'Heroic Males' WHERE id = $1`, [otto.profileId]);
    await anAnswer(t.db, otto.profileId!, 'horror_passion', "Otto's own words.");
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    await db.drop();
  });

  it('should answer the caller’s category and the categories offered, with null for answers never given', async () => {
    expect(await json(await call(t, 'GET', BASICS, ivy.token))).toEqual({ status: 200, body: answered({ category: 'Scream Queens' }) });
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
    // A form without a category is refused as for anyone, and makes nothing.
    expect((await put(noProfile, {})).status).toBe(422);
    expect((await t.db.pool.query('SELECT count(*)::int AS n FROM contestant_profiles WHERE user_id = $1', [noProfile.id])).rows[0].n).toBe(0);

    const saves = await Promise.all([put(noProfile, ANSWERS), put(noProfile, ANSWERS)]);
    expect(saves).toEqual([
      { status: 200, body: answered(ANSWERS) },
      { status: 200, body: answered(ANSWERS) },
    ]);
    expect(await json(await call(t, 'GET', BASICS, noProfile.token))).toEqual({ status: 200, body: answered(ANSWERS) });
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
    expect(await put(ivy, sent)).toEqual({ status: 200, body: answered(ANSWERS) });
    expect(await json(await call(t, 'GET', BASICS, ivy.token))).toEqual({ status: 200, body: answered(ANSWERS) });
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
    expect(profile.answers.map((a) => [a.public_label, a.answer])).toEqual(QUESTIONS.map(([key, , publicLabel]) => [publicLabel, changed[key]]));
    await put(ivy, ANSWERS);
  });

  it('should take answers by key beside the four fields (answers win), keep what is not named, and clear a blank one', async () => {
    const res = await put(ivy, {
      category: 'Creature Killer',
      horror_passion: 'From the field.',
      answers: { horror_passion: 'From answers.', dreams_and_goals: '  ' },
    });
    expect(res).toEqual({
      status: 200,
      body: answered({ ...ANSWERS, horror_passion: 'From answers.', dreams_and_goals: null }),
    });
    expect(await stored(ivy)).toEqual({ ...ANSWERS, horror_passion: 'From answers.', dreams_and_goals: null });
    await put(ivy, ANSWERS);
  });

  it('should check an answer against its question of the moment: its limit, a required one, naming the question', async () => {
    await editQuestion('horror_passion', { max_length: 20, required: true });
    try {
      const before = await stored(ivy);
      expect(problems((await put(ivy, { ...ANSWERS, horror_passion: 'x'.repeat(21) })).body)).toEqual([['horror_passion', Q.answerTooLong(PASSION_LABEL, 20)]]);
      expect(problems((await put(ivy, { category: ANSWERS.category, answers: { horror_passion: 'x'.repeat(21) } })).body)).toEqual([
        ['answers.horror_passion', Q.answerTooLong(PASSION_LABEL, 20)],
      ]);
      expect(problems((await put(ivy, { category: ANSWERS.category, answers: { horror_passion: '' } })).body)).toEqual([
        ['answers.horror_passion', Q.answerRequired(PASSION_LABEL)],
      ]);
      expect(problems((await put(ivy, { category: ANSWERS.category, answers: { no_such_question: 'Hi' } })).body)).toEqual([
        ['answers.no_such_question', Q.unknownQuestion],
      ]);
      // A stored answer longer than a limit lowered later is kept while other fields change.
      expect((await put(ivy, { category: 'Teen Queens' })).status).toBe(200);
      expect(await stored(ivy)).toEqual({ ...before, category: 'Teen Queens' });
    } finally {
      await editQuestion('horror_passion', { max_length: 500, required: false });
      await put(ivy, ANSWERS);
    }
  });

  it("should hide a retired question's answer and null its field, keeping the answer stored", async () => {
    await editQuestion('dreams_and_goals', { retired: true });
    try {
      const { body } = await json(await call(t, 'GET', BASICS, ivy.token));
      expect(body.dreams_and_goals).toBeNull();
      expect((body.answers as { key: string }[]).map((a) => a.key)).toEqual(['horror_passion', 'character_qualities', 'ideal_horror_role']);
      // The legacy field of a retired question is ignored, not refused.
      expect((await put(ivy, { ...ANSWERS, dreams_and_goals: 'Ignored.' })).status).toBe(200);
      expect((await stored(ivy)).dreams_and_goals).toBe(ANSWERS.dreams_and_goals);
    } finally {
      await editQuestion('dreams_and_goals', { retired: false });
      // Brought back last: put it back in its place.
      expect((await call(t, 'POST', '/admin/profile-questions/3/move', organizer.token, { direction: 'up' })).status).toBe(200);
    }
  });

  it("should check the category against the contestant's contest's own list, keeping a stored one that left it", async () => {
    const [mae] = await createAccounts(t, 'basics_cat', 1);
    const contest = await insertContest(t);
    await t.db.pool.query(`UPDATE contests SET categories = '{Ghouls,Witches}' WHERE id = $1`, [contest]);
    // Scream Queens: not this contest's, so joining is refused until the contestant picks one of its own,
    // which Profile Basics offers beside the site's while the contest is open for joining.
    expect((await join(t, mae, contest)).status).toBe(409);
    expect((await json(await call(t, 'GET', BASICS, mae.token))).body.categories).toEqual([...CATEGORIES, 'Ghouls', 'Witches']);
    expect((await put(mae, { category: 'Ghouls' })).status).toBe(200);
    expect((await join(t, mae, contest)).status).toBe(201);
    expect((await json(await call(t, 'GET', BASICS, mae.token))).body.categories).toEqual(['Ghouls', 'Witches']);
    // Inside the contest: its list, not the site's.
    expect(problems((await put(mae, { category: 'Teen Queens' })).body)).toEqual([['category', M.categoryInvalid]]);
    expect((await put(mae, { category: 'Witches' })).status).toBe(200);
    // The contest drops Witches: the profile keeps it until it changes.
    await t.db.pool.query(`UPDATE contests SET categories = '{Ghouls}' WHERE id = $1`, [contest]);
    expect((await put(mae, { category: 'Witches', answers: { horror_passion: 'Still here.' } })).status).toBe(200);
    expect((await stored(mae)).category).toBe('Witches');
    // Closed for joining: its list no longer widens anyone's choice.
    await t.db.pool.query('UPDATE contests SET is_active = false WHERE id = $1', [contest]);
  });

  it('should take answers of exactly 500 characters and refuse 501, naming the question', async () => {
    const full = 'a'.repeat(500);
    expect(await put(ivy, { ...ANSWERS, ideal_horror_role: full })).toEqual({ status: 200, body: answered({ ...ANSWERS, ideal_horror_role: full }) });
    const tooLong = await put(ivy, { ...ANSWERS, horror_passion: 'x'.repeat(501), ideal_horror_role: 'short' });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail).toEqual([{ loc: ['body', 'horror_passion'], msg: Q.answerTooLong(PASSION_LABEL, 500), type: 'value_error.answer' }]);
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
    ['an answer that is not text', { ideal_horror_role: 42 }, [['ideal_horror_role', 'An answer must be text']]],
  ])('should refuse %s with 422 and the spec’s message, writing nothing', async (_name, change, expected) => {
    const before = await stored(ivy);
    const { status, body } = await put(ivy, { ...ANSWERS, ...change });
    expect(status).toBe(422);
    expect(problems(body)).toEqual(expected);
    expect(await stored(ivy)).toEqual(before);
  });

  it('should ask for the category of an empty body (the demo questions are optional)', async () => {
    const { status, body } = await put(ivy, {});
    expect(status).toBe(422);
    expect(problems(body)).toEqual([['category', M.categoryRequired]]);
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
      expect((await json(await call(t, 'GET', BASICS, ivy.token))).body).toEqual(answered(ANSWERS));
      const publicProfile = await json(await call(t, 'GET', '/contestants/profile/'));
      expect(publicProfile.status).toBe(200);
      expect((publicProfile.body as unknown as ContestantProfile).user.username).toBe('profile');
      expect(await json(await call(t, 'GET', '/contestants/profile/views'))).toEqual({ status: 200, body: { profile_views: 0 } });
    } finally {
      await t.db.pool.query(`UPDATE users SET username = $2 WHERE id = $1`, [otto.id, otto.username]);
    }
  });
});
