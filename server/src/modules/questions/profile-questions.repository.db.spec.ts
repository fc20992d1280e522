import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { DEFAULT_QUESTIONS } from './default-questions.js';
import { ProfileQuestionsRepository } from './profile-questions.repository.js';

/** The four defaults, as stored. */
const SEEDED = [
  {
    id: 1,
    key: 'horror_passion',
    label: 'What drives your passion for horror?',
    public_label: 'What drives my passion for horror',
    help: 'The film that hooked you, the feeling you chase...',
    required: false,
    max_length: 500,
    position: 1,
    retired: false,
  },
  {
    id: 2,
    key: 'character_qualities',
    label: 'What qualities do you bring to a character?',
    public_label: 'Qualities I bring to a character',
    help: 'What makes your performances unforgettable?',
    required: false,
    max_length: 500,
    position: 2,
    retired: false,
  },
  {
    id: 3,
    key: 'dreams_and_goals',
    label: 'What are your dreams and goals?',
    public_label: 'My dreams and goals',
    help: 'Where do you want your acting to take you?',
    required: false,
    max_length: 500,
    position: 3,
    retired: false,
  },
  {
    id: 4,
    key: 'ideal_horror_role',
    label: 'What is your ideal horror role?',
    public_label: 'My ideal horror role',
    help: 'Final girl, creature, villain...',
    required: false,
    max_length: 500,
    position: 4,
    retired: false,
  },
];

describe(ProfileQuestionsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let questions: ProfileQuestionsRepository;
  let transactions: Transactions;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    transactions = new Transactions(ds);
    questions = new ProfileQuestionsRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should have no question in a new database, then write the defaults once, in order', async () => {
    expect(await questions.any()).toBe(false);
    expect(await questions.list()).toEqual([]);
    await questions.insertDefaults(DEFAULT_QUESTIONS);
    // A simultaneous start writing them too adds nothing.
    await questions.insertDefaults(DEFAULT_QUESTIONS);
    await questions.insertDefaults([]);
    expect(await questions.any()).toBe(true);
    expect(await questions.list()).toEqual(SEEDED);
  });

  it('should add a question, refuse a taken key, edit, retire and renumber, listing retired ones last', async () => {
    const added = await questions.insert(
      { key: 'first_scream', label: 'Your first scream?', public_label: 'My first scream', help: '', required: true, max_length: 200 },
      5,
    );
    expect(added).toEqual({
      id: expect.any(Number),
      key: 'first_scream',
      label: 'Your first scream?',
      public_label: 'My first scream',
      help: '',
      required: true,
      max_length: 200,
      position: 5,
      retired: false,
    });
    expect(await questions.insert({ key: 'first_scream', label: 'Again', public_label: 'Again', help: '', required: false, max_length: 10 }, 6)).toBeNull();

    expect(await questions.update(added!.id, { label: 'Your very first scream?', max_length: 300 })).toMatchObject({
      label: 'Your very first scream?',
      max_length: 300,
      required: true,
    });
    expect(await questions.update(-1, { label: 'Nobody' })).toBeNull();

    // Retired: listed after every active question, whatever its position.
    await questions.update(2, { retired: true });
    expect((await questions.list()).map((q) => q.key)).toEqual([
      'horror_passion',
      'dreams_and_goals',
      'ideal_horror_role',
      'first_scream',
      'character_qualities',
    ]);

    await questions.setPositions([added!.id, 1, 4, 3]);
    await questions.setPositions([]);
    const list = await questions.list();
    expect(list.map((q) => [q.key, q.position])).toEqual([
      ['first_scream', 1],
      ['horror_passion', 2],
      ['ideal_horror_role', 3],
      ['dreams_and_goals', 4],
      ['character_qualities', 2],
    ]);
  });

  it('should lock every question until the transaction ends', async () => {
    await transactions.run(async () => {
      expect((await questions.lockAll()).length).toBeGreaterThanOrEqual(4);
      await expect(db.pool.query('SELECT 1 FROM profile_questions WHERE id = 1 FOR UPDATE NOWAIT')).rejects.toMatchObject({ code: '55P03' });
    });
    await expect(db.pool.query('SELECT 1 FROM profile_questions WHERE id = 1 FOR UPDATE NOWAIT')).resolves.toMatchObject({ rowCount: 1 });
  });
});
