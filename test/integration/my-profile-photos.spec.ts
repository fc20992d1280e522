import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTO_MESSAGES, PICTURE_MESSAGES } from '#contract/profiles/messages.js';
import { animatedGif, jpegPicture, pngPicture, register, validFields, type Picture } from '../helpers/accounts.js';
import { call, createAccounts, type TestAccount } from '../helpers/contest-fixtures.js';
import { createTestDataDir, startTestServer, type TestServer } from '../helpers/test-app.js';

interface ErrorItem {
  loc: (string | number)[];
  msg: string;
}

const VARIANT_NAMES = [64, 160, 320, 640, 1280].flatMap((w) => [`${w}w.webp`, `${w}w.jpg`]);

/** `/uploads/profiles/<name>.<ext>` → the ten `/uploads/variants/profiles/<name>-<w>w.<fmt>` */
const variantsOf = (url: string) => VARIANT_NAMES.map((v) => url.replace(/^\/uploads\/profiles\/(.+)\.[a-z]+$/, `/uploads/variants/profiles/$1-${v}`));

describe('/contestants/my-profile (the photos page)', () => {
  let t: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let uploads: string;

  /** Every stored file, as its public URL. */
  const storedFiles = async (): Promise<string[]> => {
    const entries = await readdir(uploads, { recursive: true, withFileTypes: true }).catch(() => []);
    return entries
      .filter((e) => e.isFile())
      .map((e) => `/uploads/${path.relative(uploads, path.join(e.parentPath, e.name))}`)
      .sort();
  };
  const picturesOf = async (account: TestAccount): Promise<string[]> =>
    (await t.db.pool.query('SELECT pictures_urls FROM contestant_profiles WHERE user_id = $1', [account.id])).rows[0].pictures_urls;

  /** `keep`: the saved photos to keep, sent as the form's JSON `pictures_urls` (a string is sent as it is). */
  const upload = (account: TestAccount | null, pictures: Picture[], keep?: string[] | string) => {
    const form = new FormData();
    for (const p of pictures) form.append('files', new Blob([new Uint8Array(p.data)], { type: p.type }), p.name);
    if (keep !== undefined) form.append('pictures_urls', typeof keep === 'string' ? keep : JSON.stringify(keep));
    return fetch(`${t.api}/contestants/my-profile/pictures`, {
      method: 'POST',
      headers: account ? { authorization: `Bearer ${account.token}` } : {},
      body: form,
    });
  };
  const save = (account: TestAccount | null, picturesUrls: unknown, extra: Record<string, unknown> = {}) =>
    call(t, 'PUT', '/contestants/my-profile', account?.token, { category: 'Scream Queens', biography: '', ...extra, pictures_urls: picturesUrls });

  /** The call must be a 422 that changes nothing, in the database or on disk; answers its detail. */
  const expectRefused = async (account: TestAccount, send: () => Promise<Response>): Promise<ErrorItem[]> => {
    const [before, filesBefore] = [await picturesOf(account), await storedFiles()];
    const res = await send();
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: ErrorItem[] };
    expect(await picturesOf(account)).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
    return body.detail;
  };

  beforeAll(async () => {
    t = await startTestServer();
    uploads = path.join(t.dataDir, 'uploads');
    [alice, bob] = await createAccounts(t, 'photo', 2);
  });

  afterAll(async () => {
    await t?.stop();
  });

  it('should answer 401 to an anonymous caller on every call, changing nothing', async () => {
    expect((await call(t, 'GET', '/contestants/my-profile')).status).toBe(401);
    expect((await upload(null, [await pngPicture()])).status).toBe(401);
    expect((await save(null, ['/uploads/profiles/x.png'])).status).toBe(401);
    expect(await storedFiles()).toEqual([]);
  });

  it("should answer the caller's own profile at my-profile, not a profile named 'my-profile'", async () => {
    const res = await call(t, 'GET', '/contestants/my-profile', alice.token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: number; user_id: number; user: { username: string }; pictures_urls: string[] };
    expect(body).toMatchObject({ id: alice.profileId, user_id: alice.id, user: { username: alice.username }, pictures_urls: [] });
    // The public profile route still answers usernames.
    expect((await call(t, 'GET', `/contestants/${bob.username}`)).status).toBe(200);
  });

  it('should add two photos after the kept ones, each stored with its variants', async () => {
    const res = await upload(alice, [await pngPicture(1600, 900, 'wide.png'), await jpegPicture('small.jpg')]);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { pictures_urls: string[] };
    expect(body.pictures_urls).toHaveLength(2);
    expect(await picturesOf(alice)).toEqual(body.pictures_urls);
    const [png, jpg] = body.pictures_urls;
    expect(png).toMatch(/^\/uploads\/profiles\/[0-9a-f-]{36}\.png$/);
    expect(jpg).toMatch(/^\/uploads\/profiles\/[0-9a-f-]{36}\.jpg$/);
    const files = await storedFiles();
    for (const url of body.pictures_urls) expect(files).toEqual(expect.arrayContaining([url, ...variantsOf(url)]));

    // The variants are real pictures of the named width (never wider than the original).
    const file = (url: string) => path.join(uploads, url.slice('/uploads/'.length));
    const [w64, , , j160, w320, , w640, , w1280, j1280] = variantsOf(png);
    expect(await sharp(file(w64)).metadata()).toMatchObject({ format: 'webp', width: 64, height: 36 });
    expect(await sharp(file(j160)).metadata()).toMatchObject({ format: 'jpeg', width: 160, height: 90 });
    expect(await sharp(file(w320)).metadata()).toMatchObject({ format: 'webp', width: 320, height: 180 });
    expect(await sharp(file(w640)).metadata()).toMatchObject({ format: 'webp', width: 640 });
    expect(await sharp(file(w1280)).metadata()).toMatchObject({ format: 'webp', width: 1280 });
    expect(await sharp(file(j1280)).metadata()).toMatchObject({ format: 'jpeg', width: 1280 });
    expect(await sharp(file(variantsOf(jpg)[0])).metadata()).toMatchObject({ format: 'webp', width: 40 });
    // Served like the picture itself.
    const served = await fetch(`${t.baseUrl}${w320}`);
    expect(served.status).toBe(200);
  });

  it('should save a new order', async () => {
    const [first, second] = await picturesOf(alice);
    const res = await save(alice, [second, first]);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { pictures_urls: string[] }).pictures_urls).toEqual([second, first]);
    expect(await picturesOf(alice)).toEqual([second, first]);
    const again = (await (await call(t, 'GET', '/contestants/my-profile', alice.token)).json()) as { pictures_urls: string[] };
    expect(again.pictures_urls).toEqual([second, first]);
  });

  it('should remove a photo on save, and its file and variants from disk', async () => {
    const [kept, removed] = await picturesOf(alice);
    const res = await save(alice, [kept]);
    expect(res.status).toBe(200);
    expect(await picturesOf(alice)).toEqual([kept]);
    const files = await storedFiles();
    expect(files).toEqual(expect.arrayContaining([kept, ...variantsOf(kept)]));
    for (const gone of [removed, ...variantsOf(removed)]) expect(files).not.toContain(gone);
  });

  it('should refuse a GIF, a text file named .png and a 6 MB picture, storing nothing', async () => {
    const gif = await expectRefused(alice, async () => upload(alice, [await animatedGif()]));
    expect(gif).toEqual([expect.objectContaining({ loc: ['body', 'files', 0], msg: PHOTO_MESSAGES.badType })]);

    const text = { data: Buffer.from('not a picture at all, only words'), name: 'face.png', type: 'image/png' };
    const fake = await expectRefused(alice, async () => upload(alice, [await pngPicture(), text]));
    expect(fake).toEqual([expect.objectContaining({ loc: ['body', 'files', 1], msg: PHOTO_MESSAGES.badType })]);

    const png = await pngPicture();
    const huge = { data: Buffer.concat([png.data, Buffer.alloc(6 * 1024 * 1024)]), name: 'huge.png', type: 'image/png' };
    const big = await expectRefused(alice, async () => upload(alice, [huge]));
    expect(big).toEqual([expect.objectContaining({ loc: ['body', 'files', 0], msg: PICTURE_MESSAGES.tooLarge })]);

    await expectRefused(alice, async () => upload(alice, []));
  });

  it('should refuse a sixth photo, storing nothing', async () => {
    expect(await picturesOf(alice)).toHaveLength(1);
    const four = await Promise.all([1, 2, 3, 4].map((n) => pngPicture(10 + n, 10, `p${n}.png`)));
    expect((await upload(alice, four)).status).toBe(200);
    expect(await picturesOf(alice)).toHaveLength(5);
    const detail = await expectRefused(alice, async () => upload(alice, [await pngPicture()]));
    expect(detail[0].msg).toBe(PHOTO_MESSAGES.tooMany);
    // Six at once on an empty profile is refused too.
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => pngPicture(10 + n, 10, `q${n}.png`)));
    await expectRefused(bob, async () => upload(bob, six));
  });

  it('should refuse to remove the last photo', async () => {
    const detail = await expectRefused(alice, () => save(alice, []));
    expect(detail[0].msg).toBe(PHOTO_MESSAGES.keepOne);
    await expectRefused(alice, () => save(alice, undefined));
  });

  it('should replace all five photos with two new ones in one upload, removing the old files', async () => {
    const [carol] = await createAccounts(t, 'photo_swap', 1);
    const five = await Promise.all([1, 2, 3, 4, 5].map((n) => pngPicture(20 + n, 20, `s${n}.png`)));
    expect((await upload(carol, five)).status).toBe(200);
    const old = await picturesOf(carol);
    expect(old).toHaveLength(5);

    const res = await upload(carol, [await pngPicture(40, 40, 'new1.png'), await jpegPicture('new2.jpg')], []);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { pictures_urls: string[] };
    expect(body.pictures_urls).toHaveLength(2);
    expect(body.pictures_urls.some((u) => old.includes(u))).toBe(false);
    expect(await picturesOf(carol)).toEqual(body.pictures_urls);
    const files = await storedFiles();
    for (const url of body.pictures_urls) expect(files).toEqual(expect.arrayContaining([url, ...variantsOf(url)]));
    for (const gone of old.flatMap((url) => [url, ...variantsOf(url)])) expect(files).not.toContain(gone);
  });

  it('should keep, reorder, drop and add in the same upload', async () => {
    const [dan] = await createAccounts(t, 'photo_mix', 1);
    expect((await upload(dan, await Promise.all([1, 2, 3].map((n) => pngPicture(30 + n, 30, `m${n}.png`))))).status).toBe(200);
    const [a, b, c] = await picturesOf(dan);
    const res = await upload(dan, [await pngPicture(50, 50, 'added.png')], [c, a]);
    expect(res.status).toBe(200);
    const after = await picturesOf(dan);
    expect(after).toHaveLength(3);
    expect(after.slice(0, 2)).toEqual([c, a]);
    expect([a, b, c]).not.toContain(after[2]);
    const files = await storedFiles();
    for (const gone of [b, ...variantsOf(b)]) expect(files).not.toContain(gone);
    expect(files).toContain(a);
  });

  it('should refuse an upload whose final set is over five, or that keeps what is not yours, changing nothing', async () => {
    const [erin] = await createAccounts(t, 'photo_final', 1);
    expect((await upload(erin, await Promise.all([1, 2, 3, 4].map((n) => pngPicture(30 + n, 30, `f${n}.png`))))).status).toBe(200);
    const kept = await picturesOf(erin);
    const over = await expectRefused(erin, async () => upload(erin, [await pngPicture(), await pngPicture()], kept));
    expect(over[0].msg).toBe(PHOTO_MESSAGES.tooMany);
    const [alices] = await picturesOf(alice);
    const foreign = await expectRefused(erin, async () => upload(erin, [await pngPicture()], [kept[0], alices]));
    expect(foreign).toEqual([expect.objectContaining({ loc: ['body', 'pictures_urls', 1], msg: PHOTO_MESSAGES.notYours })]);
    const twice = await expectRefused(erin, async () => upload(erin, [await pngPicture()], [kept[0], kept[0]]));
    expect(twice[0].msg).toBe(PHOTO_MESSAGES.duplicate);
    const notJson = await expectRefused(erin, async () => upload(erin, [await pngPicture()], 'not a list'));
    expect(notJson).toEqual([expect.objectContaining({ loc: ['body', 'pictures_urls'], msg: PHOTO_MESSAGES.keptList })]);
  });

  it('should leave the saved photos and the disk as they were when a replacing upload fails', async () => {
    const [fay] = await createAccounts(t, 'photo_fail', 1);
    expect((await upload(fay, [await pngPicture(33, 33, 'keep.png'), await pngPicture(34, 34, 'keep2.png')])).status).toBe(200);
    const text = { data: Buffer.from('not a picture at all, only words'), name: 'face.png', type: 'image/png' };
    // The second file is refused: neither the first new one nor the removals may happen.
    const detail = await expectRefused(fay, async () => upload(fay, [await pngPicture(60, 60, 'ok.png'), text], []));
    expect(detail).toEqual([expect.objectContaining({ loc: ['body', 'files', 1], msg: PHOTO_MESSAGES.badType })]);
    // A corrupt picture is only found while decoding, after the cheap checks passed.
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 90, sigma: 50 } } })
      .jpeg()
      .toBuffer();
    const broken = { data: whole.subarray(0, whole.length >> 1), name: 'broken.jpg', type: 'image/jpeg' };
    const late = await expectRefused(fay, async () => upload(fay, [await pngPicture(61, 61, 'ok2.png'), broken], []));
    expect(late).toEqual([expect.objectContaining({ loc: ['body', 'files', 1], msg: PICTURE_MESSAGES.corrupt })]);
  });

  it("should refuse to keep another user's picture or an arbitrary address", async () => {
    expect((await upload(bob, [await pngPicture()])).status).toBe(200);
    const [bobs] = await picturesOf(bob);
    const [mine] = await picturesOf(alice);
    const bobsBefore = await picturesOf(bob);

    const foreign = await expectRefused(alice, () => save(alice, [mine, bobs]));
    expect(foreign).toEqual([expect.objectContaining({ loc: ['body', 'pictures_urls', 1], msg: PHOTO_MESSAGES.notYours })]);
    await expectRefused(alice, () => save(alice, ['https://evil.example.com/x.png']));
    await expectRefused(alice, () => save(alice, ['/uploads/profiles/../../etc/passwd']));
    await expectRefused(alice, () => save(alice, [mine, mine]));
    expect(await picturesOf(bob)).toEqual(bobsBefore);
    expect(await storedFiles()).toContain(bobs);
  });

  it('should make variants for registration pictures too', async () => {
    const fields = validFields('photos');
    expect((await register(t, fields, [await pngPicture(700, 700)])).status).toBe(201);
    const { rows } = await t.db.pool.query('SELECT p.pictures_urls FROM contestant_profiles p JOIN users u ON u.id = p.user_id WHERE u.username = $1', [
      fields.username,
    ]);
    const [url] = rows[0].pictures_urls as string[];
    expect(await storedFiles()).toEqual(expect.arrayContaining([url, ...variantsOf(url)]));
  });
});

describe('the start-up pass over stored pictures (decision 018)', () => {
  it('should make the missing variants of pictures stored before them, once', async () => {
    const dataDir = await createTestDataDir();
    const profiles = path.join(dataDir, 'uploads', 'profiles');
    await mkdir(profiles, { recursive: true });
    await writeFile(path.join(profiles, 'old-one.jpg'), (await jpegPicture()).data);
    let t = await startTestServer({ LOG_LEVEL: 'info' }, { dataDir });
    const variants = path.join(dataDir, 'uploads', 'variants', 'profiles');
    try {
      expect((await readdir(variants)).sort()).toEqual(VARIANT_NAMES.map((v) => `old-one-${v}`).sort());
      expect(t.output()).toContain('picture variants made for stored pictures');
      // A second start finds nothing to do and says nothing.
      await t.stop();
      t = await startTestServer({ LOG_LEVEL: 'info' }, { dataDir });
      expect(t.output()).not.toContain('picture variants made');
      expect(await readdir(variants)).toHaveLength(VARIANT_NAMES.length);
    } finally {
      await t.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
