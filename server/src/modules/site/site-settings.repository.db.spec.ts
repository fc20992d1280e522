import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { SiteSettingsRepository } from './site-settings.repository.js';
import type { SiteSettings, SiteSettingsChange } from './site-settings.types.js';

const FIRST: Omit<SiteSettings, 'updatedAt'> = {
  siteName: 'ScreamStage',
  logoKey: null,
  accentColor: '#e11d2a',
  backgroundColor: '#050505',
  categories: ['Scream Queens', 'Creature Features'],
  currency: 'USD',
  donationVotePrice: 100,
  charityName: 'our partner charity',
  charityBeneficiary: "a children's toy-drive foundation",
  charityShare: 100,
  charityUrl: null,
  mailSenderName: 'ScreamStage',
  embedOrigins: null,
};

const CHANGE: SiteSettingsChange = {
  siteName: 'Fright Night',
  accentColor: '#1d4ed8',
  backgroundColor: '#0b1020',
  charityName: 'The Night Fund',
  charityBeneficiary: 'a local shelter',
  charityShare: 40,
  charityUrl: 'https://night-fund.example.org',
  mailSenderName: 'Fright Night Team',
};

describe(SiteSettingsRepository.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  let repo: SiteSettingsRepository;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    repo = new SiteSettingsRepository(ds);
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  it('should find nothing before the first start, and change nothing without a row', async () => {
    expect(await repo.find()).toBeUndefined();
    expect(await repo.findForUpdate()).toBeUndefined();
    expect(await repo.update(CHANGE)).toBeUndefined();
    expect(await repo.setLogo('site/logo-x.png')).toBeUndefined();
  });

  it('should write the first settings once: a second writer (another process starting) leaves them as they are', async () => {
    await repo.insertIfMissing(FIRST);
    await repo.insertIfMissing({ ...FIRST, siteName: 'Second Start' });
    const found = await repo.find();
    expect(found).toEqual({ ...FIRST, updatedAt: expect.any(Date) });
    expect(await repo.findForUpdate()).toEqual(found);
  });

  it("should save the Site page's columns only, keeping the categories, currency and donation price, and mark the time of change", async () => {
    await db.pool.query(
      `UPDATE site_settings SET categories = '{Ghouls}', currency = 'EUR', donation_vote_price = 250, updated_at = now() - interval '1 hour'`,
    );
    const before = (await repo.find())!;
    const saved = await repo.update(CHANGE);
    expect(saved).toEqual({
      ...CHANGE,
      logoKey: null,
      categories: ['Ghouls'],
      currency: 'EUR',
      donationVotePrice: 250,
      embedOrigins: null,
      updatedAt: expect.any(Date),
    });
    expect(saved!.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    expect(await repo.find()).toEqual(saved);
  });

  it('should set and clear the logo alone', async () => {
    const before = (await repo.find())!;
    const withLogo = await repo.setLogo('site/logo-0123456789abcdef.png');
    expect(withLogo).toEqual({ ...before, logoKey: 'site/logo-0123456789abcdef.png', updatedAt: expect.any(Date) });
    expect((await repo.setLogo(null))!.logoKey).toBeNull();
  });

  it('should replace the embed origins alone, an empty list kept as empty (not as unset)', async () => {
    const before = (await repo.find())!;
    expect(before.embedOrigins).toBeNull();
    const saved = await repo.setEmbedOrigins(['https://organizer.example.org', 'http://127.0.0.1:8080']);
    expect(saved).toEqual({ ...before, embedOrigins: ['https://organizer.example.org', 'http://127.0.0.1:8080'], updatedAt: expect.any(Date) });
    expect((await repo.setEmbedOrigins([]))!.embedOrigins).toEqual([]);
    expect((await repo.find())!.embedOrigins).toEqual([]);
  });

  it("should leave the table's checks to refuse what the contract would never send", async () => {
    await expect(repo.update({ ...CHANGE, accentColor: '#E11D2A' })).rejects.toThrow(/check/i);
    await expect(repo.update({ ...CHANGE, charityShare: 101 })).rejects.toThrow(/check/i);
    expect((await repo.find())!.accentColor).toBe(CHANGE.accentColor);
  });
});
