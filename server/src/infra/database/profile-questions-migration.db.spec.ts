// The profile questions' migration moves every answer stored in contestant_profiles' four columns into
// profile_answers, and its down migration puts them back.
import { describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATION_NAMES, MIGRATIONS, runMigrations } from './data-source.js';

describe('ProfileQuestions1767883805000', () => {
  it('should move every stored answer into profile_answers and back again', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    const name = `t_questions_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = process.env.TEST_PG_ADMIN_URL!.replace(/\/postgres$/, `/${name}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const at = MIGRATION_NAMES.indexOf('ProfileQuestions1767883805000');
      expect(at).toBeGreaterThan(0);
      await runMigrations(url, at);
      const users = await client.query(
        `INSERT INTO users (username, email, password_hash) VALUES ('ada', 'ada@example.com', 'x'), ('bo', 'bo@example.com', 'x'), ('cy', 'cy@example.com', 'x') RETURNING id`,
      );
      const [ada, bo, cy] = users.rows.map((r: { id: number }) => r.id);
      const profiles = await client.query(
        `INSERT INTO contestant_profiles (user_id, category, horror_passion, character_qualities, dreams_and_goals, ideal_horror_role) VALUES
           ($1, 'Scream Queens', 'Ghost stories.', 'Fearless,\nloud.', 'A lead role.', 'The final girl.'),
           ($2, 'Teen Queens', NULL, 'Patient.', NULL, ''),
           ($3, 'Heroic Males', NULL, NULL, NULL, NULL)
         RETURNING id, user_id`,
        [ada, bo, cy],
      );
      const before = (
        await client.query('SELECT id, horror_passion, character_qualities, dreams_and_goals, ideal_horror_role FROM contestant_profiles ORDER BY id')
      ).rows;

      await runMigrations(url, at + 1);
      const moved = await client.query(
        'SELECT a.profile_id, q.key, a.answer FROM profile_answers a JOIN profile_questions q ON q.id = a.question_id ORDER BY a.profile_id, q.position',
      );
      const [adaProfile, boProfile] = profiles.rows.map((r: { id: number }) => r.id);
      expect(moved.rows).toEqual([
        { profile_id: adaProfile, key: 'horror_passion', answer: 'Ghost stories.' },
        { profile_id: adaProfile, key: 'character_qualities', answer: 'Fearless,\nloud.' },
        { profile_id: adaProfile, key: 'dreams_and_goals', answer: 'A lead role.' },
        { profile_id: adaProfile, key: 'ideal_horror_role', answer: 'The final girl.' },
        { profile_id: boProfile, key: 'character_qualities', answer: 'Patient.' },
        { profile_id: boProfile, key: 'ideal_horror_role', answer: '' },
      ]);
      const columns = await client.query(
        `SELECT column_name FROM information_schema.columns WHERE table_name = 'contestant_profiles' AND column_name LIKE '%horror%'`,
      );
      expect(columns.rows).toEqual([]);

      // Undone as the last one applied (later migrations are not run here).
      const ds = await new DataSource(dataSourceOptions(url, 1, MIGRATIONS.slice(0, at + 1))).initialize();
      try {
        await ds.undoLastMigration({ transaction: 'each' });
      } finally {
        await ds.destroy();
      }
      const restored = await client.query(
        'SELECT id, horror_passion, character_qualities, dreams_and_goals, ideal_horror_role FROM contestant_profiles ORDER BY id',
      );
      expect(restored.rows).toEqual(before);
      expect((await client.query(`SELECT to_regclass('profile_answers') AS t`)).rows).toEqual([{ t: null }]);
    } finally {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it('should write no question into a database without profiles, so it stays empty for a restore', async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_ADMIN_URL });
    await admin.connect();
    const name = `t_questions_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = process.env.TEST_PG_ADMIN_URL!.replace(/\/postgres$/, `/${name}`);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await runMigrations(url, MIGRATION_NAMES.indexOf('ProfileQuestions1767883805000') + 1);
      expect((await client.query('SELECT count(*)::int AS n FROM profile_questions')).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
