import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { LocalFileStorage } from '#server/infra/storage/storage.js';
import { renderVariants, variantUrlsOf } from './picture-variants.js';
import { backfillPictureVariants } from './variant-backfill.js';

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#803040' } })
    .jpeg()
    .toBuffer();
const silent = pino({ level: 'silent' });

describe('picture variants', () => {
  let root: string;
  let storage: LocalFileStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'variants-'));
    storage = new LocalFileStorage(root);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('should render each width in WebP and JPEG, never wider than the picture', async () => {
    const out = await renderVariants('/uploads/profiles/p.jpg', await picture(500, 1000));
    expect([...out.keys()].sort()).toEqual(variantUrlsOf('/uploads/profiles/p.jpg').sort());
    const size = async (url: string) => {
      const m = await sharp(out.get(url)!).metadata();
      return [m.format, m.width, m.height];
    };
    expect(await size('/uploads/variants/profiles/p-64w.webp')).toEqual(['webp', 64, 128]);
    expect(await size('/uploads/variants/profiles/p-160w.jpg')).toEqual(['jpeg', 160, 320]);
    expect(await size('/uploads/variants/profiles/p-320w.webp')).toEqual(['webp', 320, 640]);
    expect(await size('/uploads/variants/profiles/p-320w.jpg')).toEqual(['jpeg', 320, 640]);
    expect(await size('/uploads/variants/profiles/p-640w.webp')).toEqual(['webp', 500, 1000]);
    expect(await size('/uploads/variants/profiles/p-1280w.jpg')).toEqual(['jpeg', 500, 1000]);
  });

  it('should make only the missing variants at start, once, and name a file it cannot read', async () => {
    await mkdir(path.join(root, 'profiles'), { recursive: true });
    await writeFile(path.join(root, 'profiles', 'a.jpg'), await picture(60, 40));
    await writeFile(path.join(root, 'profiles', 'b.jpg'), await picture(60, 40));
    await writeFile(path.join(root, 'profiles', 'broken.jpg'), Buffer.from('not a picture'));
    await mkdir(path.join(root, 'variants', 'profiles'), { recursive: true });
    await writeFile(path.join(root, 'variants', 'profiles', 'b-320w.webp'), 'kept as it is');

    expect(await backfillPictureVariants(storage, silent)).toEqual({ checked: 3, rendered: 2, failed: 1, deferred: 0 });
    const files = await readdir(path.join(root, 'variants', 'profiles'));
    expect(files.filter((f) => f.startsWith('a-'))).toHaveLength(10);
    expect(files.filter((f) => f.startsWith('b-'))).toHaveLength(10);
    expect((await storage.read('/uploads/variants/profiles/b-320w.webp'))!.toString()).toBe('kept as it is');

    await rm(path.join(root, 'profiles', 'broken.jpg'));
    expect(await backfillPictureVariants(storage, silent)).toEqual({ checked: 2, rendered: 0, failed: 0, deferred: 0 });
  });

  it('should add the small widths to pictures stored with only the 320, 640 and 1280 px copies', async () => {
    await mkdir(path.join(root, 'profiles'), { recursive: true });
    await writeFile(path.join(root, 'profiles', 'old.jpg'), await picture(800, 1000));
    await mkdir(path.join(root, 'variants', 'profiles'), { recursive: true });
    const older = ['320w.webp', '320w.jpg', '640w.webp', '640w.jpg', '1280w.webp', '1280w.jpg'];
    for (const name of older) await writeFile(path.join(root, 'variants', 'profiles', `old-${name}`), 'made before');

    expect(await backfillPictureVariants(storage, silent)).toEqual({ checked: 1, rendered: 1, failed: 0, deferred: 0 });
    const small = (await readdir(path.join(root, 'variants', 'profiles'))).filter((f) => !older.some((o) => f.endsWith(o))).sort();
    expect(small).toEqual(['old-160w.jpg', 'old-160w.webp', 'old-64w.jpg', 'old-64w.webp']);
    expect((await sharp((await storage.read('/uploads/variants/profiles/old-64w.webp'))!).metadata()).width).toBe(64);
    // The older copies are left as they were.
    expect((await storage.read('/uploads/variants/profiles/old-640w.webp'))!.toString()).toBe('made before');
  });

  it('should leave pictures over the per-start bound for the next start', async () => {
    await mkdir(path.join(root, 'profiles'), { recursive: true });
    for (const name of ['a', 'b', 'c']) await writeFile(path.join(root, 'profiles', `${name}.jpg`), await picture(30, 30));
    expect(await backfillPictureVariants(storage, silent, 2)).toMatchObject({ rendered: 2, deferred: 1 });
    expect(await backfillPictureVariants(storage, silent, 2)).toMatchObject({ rendered: 1, deferred: 0 });
  });
});
