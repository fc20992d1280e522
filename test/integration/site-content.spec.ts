// Categories and profile questions an organizer edits: who may (organizer 200, moderator 403), the audit
// entries, the effect at once on GET /site, GET /profile-questions, registration and joining.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JOIN_MESSAGES } from '#contract/contests/messages.js';
import { CATEGORIES } from '#contract/profiles/constants.js';
import { CATEGORY_MESSAGES as C, PROFILE_BASICS_MESSAGES as M } from '#contract/profiles/messages.js';
import type { ProfileQuestion } from '#contract/questions/answers.js';
import { QUESTION_MESSAGES as Q } from '#contract/questions/messages.js';
import { pngPicture, register, validFields } from '../helpers/accounts.js';
import { anAnswer } from '../helpers/factories.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../helpers/test-app.js';

describe('site content: categories and profile questions', () => {
  let t: TestServer;
  let db: TestDatabase;
  let organizer: TestAccount;
  let moderator: TestAccount;

  const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> & { detail?: unknown } });
  const as = (account: TestAccount, method: string, path: string, body?: unknown) => call(t, method, path, account.token, body).then(json);
  const lastAudit = async () =>
    (await t.db.pool.query('SELECT actor_id, actor_username, action, target_type, target_id, before, after FROM admin_audit_log ORDER BY id DESC LIMIT 1'))
      .rows[0];
  const site = async () => (await json(await call(t, 'GET', '/site'))).body as { categories: string[] };
  const problems = (body: { detail?: unknown }) => (body.detail as { loc: unknown[]; msg: string }[]).map((d) => [d.loc.slice(1).join('.'), d.msg]);

  beforeAll(async () => {
    db = await createTestDatabase();
    t = await startTestServer({}, { db });
    [organizer] = await createAccounts(t, 'content_org', 1, 'organizer');
    [moderator] = await createAccounts(t, 'content_mod', 1, 'moderator');
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    await db.drop();
  });

  describe('categories', () => {
    it("should offer the demo's categories until an organizer changes them", async () => {
      expect((await site()).categories).toEqual([...CATEGORIES]);
    });

    it('should refuse a moderator (403) and an anonymous caller (401), changing nothing', async () => {
      expect((await as(moderator, 'PUT', '/admin/site/categories', { categories: ['Ghouls'] })).status).toBe(403);
      expect((await call(t, 'PUT', '/admin/site/categories', null, { categories: ['Ghouls'] })).status).toBe(401);
      expect((await site()).categories).toEqual([...CATEGORIES]);
    });

    it.each([
      ['an empty list', [], [['categories', C.listSize]]],
      ['a blank name', ['Ghouls', '  '], [['categories.1', C.nameRequired]]],
      ['a name over 32 characters', ['x'.repeat(33)], [['categories.0', C.nameTooLong]]],
      ['the same name twice', ['Ghouls', 'ghouls'], [['categories.1', C.duplicate('ghouls')]]],
      ['21 names', Array.from({ length: 21 }, (_, i) => `C${i}`), [['categories', C.listSize]]],
    ])('should refuse %s with 422', async (_name, categories, expected) => {
      const res = await as(organizer, 'PUT', '/admin/site/categories', { categories });
      expect(res.status).toBe(422);
      expect(problems(res.body)).toEqual(expected);
    });

    it("should let an organizer replace the site's list (trimmed), recorded with the actor, effective at once", async () => {
      const res = await as(organizer, 'PUT', '/admin/site/categories', { categories: [' Ghouls ', 'Witches', 'Scream Queens'] });
      expect(res).toEqual({ status: 200, body: { categories: ['Ghouls', 'Witches', 'Scream Queens'] } });
      expect(await lastAudit()).toEqual({
        actor_id: organizer.id,
        actor_username: organizer.username,
        action: 'site.categories',
        target_type: 'site',
        target_id: null,
        before: { categories: CATEGORIES.join(', ') },
        after: { categories: 'Ghouls, Witches, Scream Queens' },
      });
      expect((await site()).categories).toEqual(['Ghouls', 'Witches', 'Scream Queens']);
      expect(await as(organizer, 'GET', '/admin/site/categories')).toEqual({ status: 200, body: { categories: ['Ghouls', 'Witches', 'Scream Queens'] } });
      expect((await as(moderator, 'GET', '/admin/site/categories')).status).toBe(403);
    });

    it("should offer the current contest's own list at registration, and carry each contest's lists in its answers", async () => {
      const contest = await insertContest(t, { isCurrent: true });
      try {
        const saved = await as(organizer, 'PUT', `/admin/contests/${contest}`, { categories: ['Vampires', 'Werewolves'] });
        expect(saved.status).toBe(200);
        expect(saved.body).toMatchObject({ categories: ['Vampires', 'Werewolves'], effective_categories: ['Vampires', 'Werewolves'] });
        expect((await site()).categories).toEqual(['Vampires', 'Werewolves']);
        // Registration checks the category against that list.
        const refused = await register(t, { ...validFields('cat_reg'), category: 'Ghouls' }, [await pngPicture()]);
        expect(refused.status).toBe(422);
        expect(problems((await refused.json()) as { detail: unknown })).toEqual([['category', 'Invalid category selected']]);
        expect((await register(t, { ...validFields('cat_reg'), category: 'Werewolves' }, [await pngPicture()])).status).toBe(201);

        const back = await as(organizer, 'PUT', `/admin/contests/${contest}`, { categories: null });
        expect(back.body).toMatchObject({ categories: null, effective_categories: ['Ghouls', 'Witches', 'Scream Queens'] });
        expect((await site()).categories).toEqual(['Ghouls', 'Witches', 'Scream Queens']);
      } finally {
        await t.db.pool.query('UPDATE contests SET is_current = false WHERE id = $1', [contest]);
      }
    });

    it("should refuse joining a contest that does not offer the contestant's category with 409, saying what to do", async () => {
      const [ada] = await createAccounts(t, 'content_join', 1);
      await t.db.pool.query(`UPDATE contestant_profiles SET category = 'Teen Queens' WHERE id = $1`, [ada.profileId]);
      const contest = await insertContest(t);
      const refused = await json(await join(t, ada, contest));
      expect(refused).toEqual({ status: 409, body: { detail: JOIN_MESSAGES.categoryNotOffered('Teen Queens', ['Ghouls', 'Witches', 'Scream Queens']) } });
      expect(refused.body.detail).toContain('Profile Basics');
      expect((await t.db.pool.query('SELECT count(*)::int AS n FROM contest_entries WHERE user_id = $1', [ada.id])).rows[0].n).toBe(0);
      await t.db.pool.query(`UPDATE contestant_profiles SET category = 'Witches' WHERE id = $1`, [ada.profileId]);
      expect((await join(t, ada, contest)).status).toBe(201);
    });
  });

  describe('profile questions', () => {
    const list = async () => (await json(await call(t, 'GET', '/profile-questions'))).body as unknown as ProfileQuestion[];
    const NEW = {
      key: 'first_scream',
      label: 'Your first scream?',
      public_label: 'My first scream',
      help: 'Where, when, why',
      required: true,
      max_length: 100,
    };

    it('should refuse a moderator every admin call (403)', async () => {
      expect((await as(moderator, 'GET', '/admin/profile-questions')).status).toBe(403);
      expect((await as(moderator, 'POST', '/admin/profile-questions', NEW)).status).toBe(403);
      expect((await as(moderator, 'PUT', '/admin/profile-questions/1', { label: 'No' })).status).toBe(403);
      expect((await as(moderator, 'POST', '/admin/profile-questions/1/move', { direction: 'down' })).status).toBe(403);
      expect((await list()).map((q) => q.key)).toEqual(['horror_passion', 'character_qualities', 'dreams_and_goals', 'ideal_horror_role']);
    });

    it('should let an organizer add a required question, last, recorded with the actor; a taken key is refused', async () => {
      const res = await as(organizer, 'POST', '/admin/profile-questions', NEW);
      expect(res.status).toBe(200);
      const added = (res.body as unknown as ProfileQuestion[]).find((q) => q.key === 'first_scream')!;
      expect(added).toEqual({ id: expect.any(Number), ...NEW, position: 5, retired: false });
      expect(await lastAudit()).toMatchObject({
        actor_id: organizer.id,
        action: 'profile_question.create',
        target_type: 'profile_question',
        target_id: added.id,
      });
      expect((await list()).map((q) => q.key)).toEqual(['horror_passion', 'character_qualities', 'dreams_and_goals', 'ideal_horror_role', 'first_scream']);
      const again = await as(organizer, 'POST', '/admin/profile-questions', NEW);
      expect(again.status).toBe(422);
      expect(problems(again.body)).toEqual([['key', Q.keyTaken]]);
      expect(problems((await as(organizer, 'POST', '/admin/profile-questions', { ...NEW, key: 'Bad Key' })).body)).toEqual([['key', Q.keyFormat]]);
    });

    it('should ask the required question at registration: missing is refused naming it, given is stored', async () => {
      const missing = await register(t, { ...validFields('q_reg'), category: 'Ghouls' }, [await pngPicture()]);
      expect(missing.status).toBe(422);
      expect(problems((await missing.json()) as { detail: unknown })).toEqual([['answers.first_scream', Q.answerRequired(NEW.label)]]);

      const badJson = await register(t, { ...validFields('q_reg'), category: 'Ghouls', answers: '{not json' }, [await pngPicture()]);
      expect(badJson.status).toBe(422);

      const given = await register(t, { ...validFields('q_reg'), category: 'Ghouls', answers: JSON.stringify({ first_scream: '  At the cinema.  ' }) }, [
        await pngPicture(),
      ]);
      expect(given.status).toBe(201);
      const { rows } = await t.db.pool.query(
        `SELECT a.answer FROM profile_answers a JOIN profile_questions q ON q.id = a.question_id JOIN contestant_profiles p ON p.id = a.profile_id
         JOIN users u ON u.id = p.user_id WHERE q.key = 'first_scream' AND u.username = $1`,
        [validFields('q_reg').username],
      );
      expect(rows).toEqual([{ answer: 'At the cinema.' }]);
    });

    it('should move a question up and down, refusing past either end, recorded with the new order', async () => {
      const id = (await list()).find((q) => q.key === 'first_scream')!.id;
      expect((await as(organizer, 'POST', `/admin/profile-questions/${id}/move`, { direction: 'down' })).status).toBe(409);
      expect((await as(organizer, 'POST', `/admin/profile-questions/${id}/move`, { direction: 'up' })).status).toBe(200);
      expect((await list()).map((q) => q.key)).toEqual(['horror_passion', 'character_qualities', 'dreams_and_goals', 'first_scream', 'ideal_horror_role']);
      expect(await lastAudit()).toMatchObject({
        action: 'profile_question.move',
        before: { order: 'horror_passion, character_qualities, dreams_and_goals, ideal_horror_role, first_scream' },
        after: { order: 'horror_passion, character_qualities, dreams_and_goals, first_scream, ideal_horror_role' },
      });
      expect((await as(organizer, 'POST', '/admin/profile-questions/1/move', { direction: 'up' })).status).toBe(409);
      expect((await as(organizer, 'POST', '/admin/profile-questions/999/move', { direction: 'up' })).status).toBe(404);
    });

    it('should edit and retire a question: hidden from forms and profiles, its answers kept; restoring brings it back last', async () => {
      const edited = await as(organizer, 'PUT', '/admin/profile-questions/3', { label: 'Where do you see yourself?', max_length: 300 });
      expect(edited.status).toBe(200);
      expect(await lastAudit()).toMatchObject({
        action: 'profile_question.update',
        before: { label: 'What are your dreams and goals?' },
        after: { label: 'Where do you see yourself?', max_length: 300 },
      });

      const [eve] = await createAccounts(t, 'content_retire', 1);
      await anAnswer(t.db, eve.profileId!, 'dreams_and_goals', 'Kept.');
      expect((await as(organizer, 'PUT', '/admin/profile-questions/3', { retired: true })).status).toBe(200);
      expect(await lastAudit()).toMatchObject({ action: 'profile_question.retire', target_id: 3 });
      expect((await list()).map((q) => q.key)).not.toContain('dreams_and_goals');
      const profile = (await json(await call(t, 'GET', `/contestants/${eve.username}/`))).body as { dreams_and_goals: unknown; answers: { key: string }[] };
      expect(profile.dreams_and_goals).toBeNull();
      expect(profile.answers.map((a) => a.key)).not.toContain('dreams_and_goals');
      expect((await t.db.pool.query('SELECT answer FROM profile_answers WHERE profile_id = $1 AND question_id = 3', [eve.profileId])).rows).toEqual([
        { answer: 'Kept.' },
      ]);

      expect((await as(organizer, 'PUT', '/admin/profile-questions/3', { retired: false })).status).toBe(200);
      expect((await list()).map((q) => q.key).at(-1)).toBe('dreams_and_goals');
      const back = (await json(await call(t, 'GET', `/contestants/${eve.username}/`))).body as { dreams_and_goals: unknown };
      expect(back.dreams_and_goals).toBe('Kept.');
      expect((await as(organizer, 'PUT', '/admin/profile-questions/999', { label: 'Nobody' })).status).toBe(404);
    });

    it('should hold profile basics to the required question too', async () => {
      const [kit] = await createAccounts(t, 'content_basics', 1);
      const res = await as(kit, 'PUT', '/contestants/profile/basics', { category: 'Ghouls' });
      expect(res.status).toBe(422);
      expect(problems(res.body)).toEqual([['answers.first_scream', Q.answerRequired(NEW.label)]]);
      expect((await as(kit, 'PUT', '/contestants/profile/basics', { category: 'Ghouls', answers: { first_scream: 'Yes.' } })).status).toBe(200);
      expect(M.categoryInvalid).toBe('Invalid category selected');
    });
  });
});
