import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { SiteSettingsRepository } from './site-settings.repository.js';

const FIRST = {
  siteName: 'ScreamStage',
  logoKey: null,
  accentColor: '#e11d2a',
  backgroundColor: '#050505',
  categories: ['Scream Queens', 'Teen Queens'],
  currency: 'USD',
  donationVotePrice: 100,
  charityName: 'our partner charity',
  charityBeneficiary: "a children's toy-drive foundation",
  charityShare: 100,
  charityUrl: null,
  mailSenderName: 'ScreamStage',
  embedOrigins: null,
};

describe(`${SiteSettingsRepository.name}: categories`, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let settings: SiteSettingsRepository;
  let transactions: Transactions;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
    transactions = new Transactions(ds);
    settings = new SiteSettingsRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should have no row and no categories before the first start writes them', async () => {
    expect(await settings.find()).toBeUndefined();
    expect(await settings.updateCategories(['Ghouls'])).toBeNull();
    expect(await transactions.run(() => settings.lockCategories())).toBeNull();
  });

  it('should write the first settings once, then replace the categories only', async () => {
    await settings.insertIfMissing(FIRST);
    await settings.insertIfMissing({ ...FIRST, siteName: 'Another start' });
    const first = await settings.find();
    expect(first).toEqual({ ...FIRST, updatedAt: expect.any(Date) });

    await db.pool.query(`UPDATE site_settings SET updated_at = now() - interval '10 minutes'`);
    expect(await settings.updateCategories(['Creature Killer', 'Scream Queens', 'Ghouls'])).toEqual(['Creature Killer', 'Scream Queens', 'Ghouls']);
    const after = await settings.find();
    expect(after).toEqual({ ...FIRST, categories: ['Creature Killer', 'Scream Queens', 'Ghouls'], updatedAt: expect.any(Date) });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('should lock the row while reading the categories, until the transaction ends', async () => {
    await transactions.run(async () => {
      expect(await settings.lockCategories()).toEqual(['Creature Killer', 'Scream Queens', 'Ghouls']);
      await expect(db.pool.query('SELECT 1 FROM site_settings FOR UPDATE NOWAIT')).rejects.toMatchObject({ code: '55P03' });
    });
    await expect(db.pool.query('SELECT 1 FROM site_settings FOR UPDATE NOWAIT')).resolves.toMatchObject({ rowCount: 1 });
  });
});
