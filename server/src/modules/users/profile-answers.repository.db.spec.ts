import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aProfile, aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { ProfileAnswersRepository } from './profile-answers.repository.js';

describe(ProfileAnswersRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let answers: ProfileAnswersRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    answers = new ProfileAnswersRepository(ds);
    // Questions 1 to 4 (a new database has none until the app's first start).
    await db.pool.query(
      `INSERT INTO profile_questions (key, label, public_label) SELECT 'q' || n, 'Question ' || n, 'Title ' || n FROM generate_series(1, 4) AS n`,
    );
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it("should store, replace and remove a profile's answers, and no other profile's", async () => {
    const profile = await aProfile(db, (await aUser(db)).id);
    const other = await aProfile(db, (await aUser(db)).id);
    expect(await answers.ofProfile(profile.id)).toEqual(new Map());

    await answers.save(profile.id, [
      { questionId: 1, answer: 'Ghost stories.' },
      { questionId: 4, answer: 'The final girl.' },
    ]);
    await answers.save(other.id, [{ questionId: 1, answer: 'Slashers.' }]);
    expect(await answers.ofProfile(profile.id)).toEqual(
      new Map([
        [1, 'Ghost stories.'],
        [4, 'The final girl.'],
      ]),
    );

    // A text replaces the one before; null removes it; nothing named stays as it was.
    await answers.save(profile.id, [
      { questionId: 1, answer: 'Slow-burn ghost stories.' },
      { questionId: 4, answer: null },
      { questionId: 3, answer: null },
    ]);
    await answers.save(profile.id, []);
    expect(await answers.ofProfile(profile.id)).toEqual(new Map([[1, 'Slow-burn ghost stories.']]));
    expect(await answers.ofProfile(other.id)).toEqual(new Map([[1, 'Slashers.']]));
  });
});
