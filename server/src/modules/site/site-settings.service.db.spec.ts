import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '#test/helpers/test-app.js';
import { loadConfig } from '#server/config/config.js';
import { SiteBrand } from '#server/infra/brand/site-brand.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { LocalProcessBus } from '#server/infra/events/process-bus.js';
import { EmbedFraming } from '#server/infra/http/embed-framing.js';
import { SiteSettingsRepository } from './site-settings.repository.js';
import { SiteSettingsService } from './site-settings.service.js';

const ENVIRONMENT_BRAND = { siteName: 'env', mailSenderName: 'env', accentColor: '#e11d2a', backgroundColor: '#050505', logoUrl: null, version: '0' };

describe(SiteSettingsService.name, () => {
  let db: TestDatabase;
  let ds: DataSource;
  const config = loadConfig(
    {
      PRODUCT_NAME: 'Stage From Env',
      CHARITY_NAME: 'Env Charity',
      MAIL_FROM: 'Env Sender <mail@stage.example>',
      EMBED_ORIGINS: 'https://Organizer.example.org, http://127.0.0.1:8080/',
    },
    '/srv',
  );

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = await new DataSource(dataSourceOptions(db.url, 3)).initialize();
  }, 60_000);
  afterAll(async () => {
    await ds.destroy();
    await db.drop();
  });

  const service = (bus = new LocalProcessBus(), brand = new SiteBrand(ENVIRONMENT_BRAND), framing = new EmbedFraming([])) =>
    new SiteSettingsService(new SiteSettingsRepository(ds), bus, config, brand, framing);

  it("should write the environment's values at the first read, and give the infrastructure the site's brand", async () => {
    const brand = new SiteBrand(ENVIRONMENT_BRAND);
    const site = service(new LocalProcessBus(), brand);
    expect(await site.get()).toMatchObject({ siteName: 'Stage From Env', charityName: 'Env Charity', mailSenderName: 'Env Sender', accentColor: '#e11d2a' });
    expect(await brand.current()).toMatchObject({ siteName: 'Stage From Env', mailSenderName: 'Env Sender', logoUrl: null });
  });

  it("should drop another instance's cached copy when a change is published on the bus they share", async () => {
    const bus = new LocalProcessBus();
    const saving = service(bus);
    const reading = service(bus);
    // A third instance on another bus stands for a process the signal never reached.
    const unreached = service(new LocalProcessBus());
    expect((await reading.get()).siteName).toBe('Stage From Env');
    expect((await unreached.get()).siteName).toBe('Stage From Env');

    await db.pool.query(`UPDATE site_settings SET site_name = 'Changed Elsewhere'`);
    // Cached: the row's change alone is not seen.
    expect((await reading.get()).siteName).toBe('Stage From Env');
    saving.changed();
    expect((await reading.get()).siteName).toBe('Changed Elsewhere');
    expect((await unreached.get()).siteName).toBe('Stage From Env');
  });

  it('should let EMBED_ORIGINS frame the embeds until an organizer saves a list, then the saved list on every process the signal reaches', async () => {
    await db.pool.query(`UPDATE site_settings SET embed_origins = NULL`);
    const bus = new LocalProcessBus();
    const framing = new EmbedFraming([]);
    const saving = service(bus);
    service(bus, new SiteBrand(ENVIRONMENT_BRAND), framing);
    expect(await framing.origins()).toEqual(['https://organizer.example.org', 'http://127.0.0.1:8080']);

    await new SiteSettingsRepository(ds).setEmbedOrigins(['https://fans.example.net']);
    saving.changed();
    expect(await framing.origins()).toEqual(['https://fans.example.net']);
    // An empty saved list is a choice too: no site may frame them, whatever the environment says.
    await new SiteSettingsRepository(ds).setEmbedOrigins([]);
    saving.changed();
    expect(await framing.origins()).toEqual([]);
  });
});
