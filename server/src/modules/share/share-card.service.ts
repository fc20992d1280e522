import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type OverlayOptions } from 'sharp';
import type { ShareCardPreviewWidth } from '#contract/profiles/picture-variants.js';
import { shareCardShown, type ShareFacts } from '#contract/profiles/share.js';
import { PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import { detailError } from '#server/common/errors.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { UPLOADS_PREFIX } from '#server/infra/storage/storage.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';
import { CARD_HEIGHT, CARD_WIDTH, PHOTO_WIDTH, shareCardSvg } from './share-card-svg.js';
import { ShareFactsService } from './share-facts.service.js';

export interface ShareCard {
  /** The PNG, as stored on disk. */
  data: Buffer;
  /** A strong ETag: the hash of what the card shows. */
  etag: string;
}

/** The hash of everything the card shows: its file name and its ETag. */
export function shareCardKey(facts: ShareFacts, productName: string): string {
  return createHash('sha256')
    .update(JSON.stringify(shareCardShown(facts, productName)))
    .digest('hex')
    .slice(0, 32);
}

/**
 * The 1200×630 share card of a profile (og:image): the first photo, name, category, contest, rank
 * and votes over the site's dark look, drawn with sharp (the text as an SVG overlay). Cards are
 * kept under DATA_DIR/share-cards/<user>/<hash>.png: one is made only when what it shows changes,
 * simultaneous requests for it make it once, and a new card removes the user's older ones.
 */
@Injectable()
export class ShareCardService {
  private readonly logger = new Logger(ShareCardService.name);
  private readonly making = new Map<string, Promise<Buffer>>();
  private readonly root: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly facts: ShareFactsService,
    private readonly site: SiteSettingsService,
  ) {
    this.root = path.join(config.dataDir, 'share-cards');
  }

  /** The card's key without drawing it (for ETag checks); 404 for a name that is no contestant. */
  async key(username: string): Promise<{ facts: ShareFacts; key: string }> {
    const facts = await this.facts.get(username);
    if (!facts) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    // The site's name is drawn on the card: a new name is a new card (and a new address).
    return { facts, key: shareCardKey(facts, (await this.site.get()).siteName) };
  }

  /** The stored card, made first when missing. */
  async card(facts: ShareFacts, key: string): Promise<ShareCard> {
    const dir = path.join(this.root, userFolder(facts.username));
    const file = path.join(dir, `${key}.png`);
    return { data: await this.stored(file, () => this.make(facts, dir, file)), etag: `"${key}"` };
  }

  /**
   * The card scaled down to `width` for a page's preview, kept beside the card (`<key>-<width>w.png`)
   * and made once from it; it goes with the card when what the card shows changes.
   */
  async preview(facts: ShareFacts, key: string, width: ShareCardPreviewWidth): Promise<ShareCard> {
    const file = path.join(this.root, userFolder(facts.username), `${key}-${width}w.png`);
    return { data: await this.stored(file, () => this.scaled(facts, key, width, file)), etag: `"${key}-${width}w"` };
  }

  /** The file's bytes, or, when it is missing, what `make` writes there (one making per file at a time). */
  private async stored(file: string, make: () => Promise<Buffer>): Promise<Buffer> {
    try {
      return await readFile(file);
    } catch (err) {
      // Missing (never made, the folder cleared, or replaced by a newer card just now): made here.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    let making = this.making.get(file);
    if (!making) {
      making = make().finally(() => this.making.delete(file));
      this.making.set(file, making);
    }
    return making;
  }

  private async scaled(facts: ShareFacts, key: string, width: ShareCardPreviewWidth, file: string): Promise<Buffer> {
    const card = await this.card(facts, key);
    const png = await sharp(card.data).resize({ width }).png({ compressionLevel: 8 }).toBuffer();
    await writeAside(file, png);
    return png;
  }

  /** The file path a card is kept at (for tests and operators). */
  fileOf(username: string, key: string): string {
    return path.join(this.root, userFolder(username), `${key}.png`);
  }

  private async make(facts: ShareFacts, dir: string, file: string): Promise<Buffer> {
    const started = Date.now();
    const png = await this.render(facts);
    await mkdir(dir, { recursive: true });
    await writeAside(file, png);
    // The user's older cards go, with their previews (named after their own key).
    const key = path.basename(file, '.png');
    for (const name of await readdir(dir)) {
      if (!name.startsWith(key) && name.endsWith('.png')) await rm(path.join(dir, name), { force: true });
    }
    this.logger.debug(`share card of ${facts.username} made in ${Date.now() - started} ms`);
    return png;
  }

  private async render(facts: ShareFacts): Promise<Buffer> {
    const photo = await this.photo(facts.photoUrl);
    const { siteName } = await this.site.get();
    const overlay = Buffer.from(shareCardSvg(facts, { productName: siteName, hasPhoto: photo !== null }));
    const layers: OverlayOptions[] = [];
    if (photo) layers.push({ input: photo, left: 0, top: 0 });
    layers.push({ input: overlay, left: 0, top: 0 });
    return sharp({ create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: '#050505' } })
      .composite(layers)
      .png({ compressionLevel: 8 })
      .toBuffer();
  }

  /** The first photo cropped to the card's photo side; null (the fallback) when there is none or it cannot be read. */
  private async photo(url: string | null): Promise<Buffer | null> {
    if (!url?.startsWith(UPLOADS_PREFIX)) return null;
    const key = url.slice(UPLOADS_PREFIX.length);
    if (key.includes('..')) return null;
    try {
      const data = await readFile(path.join(this.config.uploadDir, key));
      return await sharp(data).rotate().resize(PHOTO_WIDTH, CARD_HEIGHT, { fit: 'cover', position: sharp.strategy.attention }).toBuffer();
    } catch (err) {
      this.logger.warn(`share card photo ${url} unreadable: ${(err as Error).message}`);
      return null;
    }
  }
}

/** Written aside and renamed, so a reader (or another process) never sees half a file. */
async function writeAside(file: string, data: Buffer): Promise<void> {
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

/** One folder per user (a hash: any username makes a safe folder name); letter case does not matter. */
const userFolder = (username: string) => createHash('sha256').update(username.toLowerCase()).digest('hex').slice(0, 24);
