import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { AppConfig } from '#server/config/config.js';
import { ShareCardService } from './share-card.service.js';
import type { ShareFactsService } from './share-facts.service.js';
import type { SiteSettingsService } from '#server/modules/site/site-settings.service.js';
import type { ShareFacts } from '#contract/profiles/share.js';

describe(ShareCardService.name, () => {
  let dataDir: string;
  let facts: ShareFacts;
  let service: ShareCardService;
  /** The site's name as the admin area set it. */
  let siteName = 'ScreamStage';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(process.env.TEST_ROOT ?? tmpdir(), 'cards-'));
    facts = { username: 'ada', firstName: 'Ada', fullName: 'Ada Shriek', category: 'Scream Queens', contestName: null, rank: null, votes: 3, photoUrl: null };
    const config = { dataDir, uploadDir: path.join(dataDir, 'uploads'), PRODUCT_NAME: 'ScreamStage' } as AppConfig;
    service = new ShareCardService(
      config,
      { get: () => Promise.resolve(facts) } as unknown as ShareFactsService,
      { get: () => Promise.resolve({ siteName }) } as unknown as SiteSettingsService,
    );
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("should make a new card when the site's name changes, since the card shows it", async () => {
    const before = await service.key('ada');
    siteName = 'Fright Night';
    try {
      const after = await service.key('ada');
      expect(after.key).not.toBe(before.key);
    } finally {
      siteName = 'ScreamStage';
    }
    expect((await service.key('ada')).key).toBe(before.key);
  });

  it('should draw a card once for simultaneous requests and not again while nothing it shows changes', async () => {
    const render = jest.spyOn(ShareCardService.prototype as unknown as { render: (f: ShareFacts) => Promise<Buffer> }, 'render');
    const { key } = await service.key('ada');
    const cards = await Promise.all(Array.from({ length: 5 }, () => service.card(facts, key)));
    expect(render).toHaveBeenCalledTimes(1);
    expect(cards.every((c) => c.data.equals(cards[0].data))).toBe(true);
    expect(await sharp(service.fileOf('ada', key)).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(await sharp(cards[0].data).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    await service.card(facts, key);
    expect(render).toHaveBeenCalledTimes(1);

    facts = { ...facts, votes: 4 };
    const next = await service.key('ada');
    expect(next.key).not.toBe(key);
    await service.card(facts, next.key);
    expect(render).toHaveBeenCalledTimes(2);
    const file = service.fileOf('ada', next.key);
    expect(await readdir(path.dirname(file))).toEqual([path.basename(file)]);

    // The folder is a cache: cleared, the card is drawn again.
    await rm(path.join(dataDir, 'share-cards'), { recursive: true });
    expect((await service.card(facts, next.key)).etag).toBe(`"${next.key}"`);
    expect(render).toHaveBeenCalledTimes(3);
    render.mockRestore();
  });

  it('should scale the card down for previews once, and let the previews go with the card', async () => {
    const { key } = await service.key('ada');
    const [small, again] = await Promise.all([service.preview(facts, key, 400), service.preview(facts, key, 400)]);
    expect(await sharp(small.data).metadata()).toMatchObject({ format: 'png', width: 400, height: 210 });
    expect(again.data.equals(small.data)).toBe(true);
    expect(small.etag).toBe(`"${key}-400w"`);
    expect((await sharp((await service.preview(facts, key, 800)).data).metadata()).width).toBe(800);
    const dir = path.dirname(service.fileOf('ada', key));
    expect((await readdir(dir)).sort()).toEqual([`${key}-400w.png`, `${key}-800w.png`, `${key}.png`]);

    facts = { ...facts, votes: facts.votes + 1 };
    const next = await service.key('ada');
    await service.card(facts, next.key);
    expect(await readdir(dir)).toEqual([`${next.key}.png`]);
  });
});
