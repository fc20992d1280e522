import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aProfile, aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { MyPhotosRepository } from './my-photos.repository.js';

describe(MyPhotosRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let photos: MyPhotosRepository;
  let transactions: Transactions;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    photos = new MyPhotosRepository(ds);
    transactions = new Transactions(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it("should read a contestant's pictures in their order, none for a new profile, null without a profile", async () => {
    const owner = await aUser(db);
    const profile = await aProfile(db, owner.id, { pictures_urls: ['/uploads/profiles/b.png', '/uploads/profiles/a.png'] });
    const fresh = await aUser(db);
    const freshProfile = await aProfile(db, fresh.id);
    const fan = await aUser(db);

    expect(await photos.picturesOf(owner.id)).toEqual({ profileId: profile.id, picturesUrls: ['/uploads/profiles/b.png', '/uploads/profiles/a.png'] });
    expect(await photos.picturesOf(fresh.id)).toEqual({ profileId: freshProfile.id, picturesUrls: [] });
    expect(await photos.picturesOf(fan.id)).toBeNull();
    expect(await photos.lockPictures(fan.id)).toBeNull();
  });

  it('should lock the profile row while reading it, until the transaction ends', async () => {
    const owner = await aUser(db);
    const profile = await aProfile(db, owner.id, { pictures_urls: ['/uploads/profiles/c.png'] });
    const locked = 'SELECT 1 FROM contestant_profiles WHERE id = $1 FOR UPDATE NOWAIT';

    await transactions.run(async () => {
      expect(await photos.lockPictures(owner.id)).toEqual({ profileId: profile.id, picturesUrls: ['/uploads/profiles/c.png'] });
      await expect(db.pool.query(locked, [profile.id])).rejects.toMatchObject({ code: '55P03' });
    });
    await expect(db.pool.query(locked, [profile.id])).resolves.toMatchObject({ rowCount: 1 });
    // Reading without the lock leaves the row free.
    await transactions.run(async () => {
      await photos.picturesOf(owner.id);
      await expect(db.pool.query(locked, [profile.id])).resolves.toMatchObject({ rowCount: 1 });
    });
  });

  it("should replace that profile's pictures, with none at all too, and mark it written", async () => {
    const owner = await aUser(db);
    const profile = await aProfile(db, owner.id, { pictures_urls: ['/uploads/profiles/old.png'], updated_at: new Date(Date.now() - 600_000) });
    const other = await aUser(db);
    await aProfile(db, other.id, { pictures_urls: ['/uploads/profiles/other.png'] });

    await photos.setPictures(profile.id, ['/uploads/profiles/new1.png', '/uploads/profiles/new "2".png']);
    expect((await photos.picturesOf(owner.id))?.picturesUrls).toEqual(['/uploads/profiles/new1.png', '/uploads/profiles/new "2".png']);
    const { rows } = await db.pool.query('SELECT updated_at FROM contestant_profiles WHERE id = $1', [profile.id]);
    expect(rows[0].updated_at.getTime()).toBeGreaterThan(Date.now() - 60_000);

    await photos.setPictures(profile.id, []);
    expect((await photos.picturesOf(owner.id))?.picturesUrls).toEqual([]);
    expect((await photos.picturesOf(other.id))?.picturesUrls).toEqual(['/uploads/profiles/other.png']);
  });
});
