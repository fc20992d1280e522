import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aProfile, aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { ProfileViewsRepository } from './profile-views.repository.js';

describe(ProfileViewsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let views: ProfileViewsRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    views = new ProfileViewsRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it("should find a verified contestant's profile by username in any letter case, and no one else's", async () => {
    const shown = await aUser(db, { username: 'Vera', is_verified: true });
    const profile = await aProfile(db, shown.id);
    const unverified = await aUser(db, { username: 'Hidden' });
    await aProfile(db, unverified.id);
    await aUser(db, { username: 'Fan', is_verified: true });

    expect(await views.profileIdOf('vERA')).toBe(profile.id);
    expect(await views.profileIdOf('hidden')).toBeNull();
    expect(await views.profileIdOf('fan')).toBeNull();
    expect(await views.profileIdOf('nobody')).toBeNull();
  });

  it("should read a profile's stored views, 0 for a profile that is gone", async () => {
    const owner = await aUser(db);
    const profile = await aProfile(db, owner.id, { profile_views: 41 });
    expect(await views.views(profile.id)).toBe(41);
    expect(await views.views(-1)).toBe(0);
  });

  it("should add each profile's views in one statement and answer the new totals, skipping profiles that are gone", async () => {
    const a = await aProfile(db, (await aUser(db)).id, { profile_views: 10 });
    const b = await aProfile(db, (await aUser(db)).id);
    const untouched = await aProfile(db, (await aUser(db)).id, { profile_views: 5 });

    const totals = await views.add(
      new Map([
        [a.id, 3],
        [b.id, 1],
        [-1, 7],
      ]),
    );
    expect(totals).toEqual(
      new Map([
        [a.id, 13],
        [b.id, 1],
      ]),
    );
    expect(await views.views(a.id)).toBe(13);
    expect(await views.views(b.id)).toBe(1);
    expect(await views.views(untouched.id)).toBe(5);

    expect(await views.add([[a.id, 2]])).toEqual(new Map([[a.id, 15]]));
    expect(await views.add(new Map())).toEqual(new Map());
  });
});
