import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { aUser } from '#test/helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { SocialLinksRepository } from './social-links.repository.js';

describe(SocialLinksRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let links: SocialLinksRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    links = new SocialLinksRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it("should read a user's links, null for each one not given", async () => {
    const both = await aUser(db, { instagram: 'https://www.instagram.com/mira', tiktok: 'https://www.tiktok.com/@mira' });
    const none = await aUser(db);
    expect(await links.find(both.id)).toEqual({ instagram: 'https://www.instagram.com/mira', tiktok: 'https://www.tiktok.com/@mira' });
    expect(await links.find(none.id)).toEqual({ instagram: null, tiktok: null });
  });

  it('should answer null for an account that is gone', async () => {
    expect(await links.find(-1)).toBeNull();
  });

  it('should replace both links of that user only, marking the row written, and answer false for an account that is gone', async () => {
    const owner = await aUser(db, { instagram: 'https://www.instagram.com/old', updated_at: new Date(Date.now() - 600_000) });
    const other = await aUser(db, { instagram: 'https://www.instagram.com/other', tiktok: 'https://www.tiktok.com/@other' });

    expect(await links.save(owner.id, { instagram: null, tiktok: 'https://www.tiktok.com/@new' })).toBe(true);
    expect(await links.find(owner.id)).toEqual({ instagram: null, tiktok: 'https://www.tiktok.com/@new' });
    const { rows } = await db.pool.query('SELECT updated_at FROM users WHERE id = $1', [owner.id]);
    expect(rows[0].updated_at.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await links.find(other.id)).toEqual({ instagram: 'https://www.instagram.com/other', tiktok: 'https://www.tiktok.com/@other' });

    expect(await links.save(-1, { instagram: 'https://www.instagram.com/ghost', tiktok: null })).toBe(false);
  });
});
