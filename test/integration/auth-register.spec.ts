import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { CONFLICT_MESSAGES, REGISTRATION_MESSAGES as R, USERNAME_RESERVED_MESSAGE } from '#contract/auth/messages.js';
import { PICTURE_MESSAGES } from '#contract/profiles/messages.js';
import {
  animatedGif,
  jpegPicture,
  jpegWithGps,
  pngPicture,
  register,
  registrationForm,
  tokenFromMail,
  validFields,
  waitForMails,
  type Picture,
} from '../helpers/accounts.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

interface ErrorItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** msg by field name (the second element of loc). */
const byField = (detail: ErrorItem[]) => Object.fromEntries(detail.map((d) => [String(d.loc[1]), d.msg]));

/** The GPS IFD pointer tag (0x8825) in either byte order of the EXIF block. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

describe('POST /auth/register-contestant', () => {
  let t: TestServer;
  let profilesDir: string;

  const storedFiles = async () => {
    try {
      return (await readdir(profilesDir)).sort();
    } catch {
      return [];
    }
  };
  const userCount = async () => Number((await t.db.pool.query('SELECT count(*) FROM users')).rows[0].count);

  /** Registers and expects a 422 that stores nothing; answers the detail list. */
  const expectRefused = async (fields: Record<string, string>, pictures: Picture[]): Promise<ErrorItem[]> => {
    const [usersBefore, filesBefore] = [await userCount(), await storedFiles()];
    const res = await register(t, fields, pictures);
    expect(res.status).toBe(422);
    const body = (await res.json()) as { detail: ErrorItem[] };
    expect(Array.isArray(body.detail)).toBe(true);
    expect(await userCount()).toBe(usersBefore);
    expect(await storedFiles()).toEqual(filesBefore);
    return body.detail;
  };

  beforeAll(async () => {
    t = await startTestServer();
    profilesDir = path.join(t.dataDir, 'uploads', 'profiles');
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should create an unverified contestant with re-encoded pictures and send a verification e-mail', async () => {
    const gps = await jpegWithGps();
    const original = await sharp(gps.data).metadata();
    expect(original.exif?.includes('SpyCam')).toBe(true);
    expect(original.orientation).toBe(6);
    expect(hasGpsPointer(original.exif!)).toBe(true);

    const fields: Record<string, string> = { ...validFields('ok1'), instagram: 'https://instagram.com/ada', email: 'Ada.OK1@Example.com' };
    const res = await register(t, fields, [gps, await pngPicture(30, 30)]);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ email: 'Ada.OK1@Example.com', username: 'user_ok1', message: expect.any(String) });

    const { rows } = await t.db.pool.query(
      `SELECT u.id, u.is_competitor, u.is_verified, u.is_superuser, u.password_hash, u.phone_number, u.instagram, u.tiktok,
              p.category, p.biography, p.pictures_urls
       FROM users u JOIN contestant_profiles p ON p.user_id = u.id WHERE u.username = 'user_ok1'`,
    );
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      is_competitor: true,
      is_verified: false,
      is_superuser: false,
      phone_number: '5551234567',
      instagram: 'https://www.instagram.com/ada',
      tiktok: null,
      category: 'Scream Queens',
      biography: fields.biography,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(fields.password);

    const urls = row.pictures_urls as string[];
    expect(urls).toHaveLength(2);
    expect(urls[0]).toMatch(/^\/uploads\/profiles\/[0-9a-f-]{36}\.jpg$/);
    expect(urls[1]).toMatch(/^\/uploads\/profiles\/[0-9a-f-]{36}\.png$/);

    // The JPEG was turned upright and lost its EXIF (camera and GPS position) on the way in.
    const storedJpeg = await readFile(path.join(t.dataDir, urls[0]));
    const meta = await sharp(storedJpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(meta.exif).toBeUndefined();
    expect(storedJpeg.includes('SpyCam')).toBe(false);
    expect((await sharp(await readFile(path.join(t.dataDir, urls[1]))).metadata()).format).toBe('png');

    // Served under /uploads with long cache headers.
    const served = await fetch(`${t.baseUrl}${urls[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toMatch(/immutable/);
    expect(Buffer.from(await served.arrayBuffer()).equals(storedJpeg)).toBe(true);

    // The verification link is in the e-mail; only its SHA-256 is stored, valid for 24 hours.
    const [mail] = await waitForMails(t.dataDir, 'Ada.OK1@Example.com');
    expect(mail).toContain('Subject: Verify your e-mail address for ScreamStage');
    const token = tokenFromMail(mail, 'verify-email');
    const tokens = await t.db.pool.query(
      `SELECT token_hash, purpose, used_at, extract(epoch FROM expires_at - now()) AS ttl FROM auth_tokens WHERE user_id = $1`,
      [row.id],
    );
    expect(tokens.rows).toHaveLength(1);
    expect(tokens.rows[0]).toMatchObject({ purpose: 'verify_email', used_at: null, token_hash: createHash('sha256').update(token).digest('hex') });
    expect(Number(tokens.rows[0].ttl)).toBeGreaterThan(24 * 3600 - 60);
    expect(Number(tokens.rows[0].ttl)).toBeLessThanOrEqual(24 * 3600);
  });

  it('should keep an animated GIF animated', async () => {
    const res = await register(t, validFields('gif1'), [await animatedGif()]);
    expect(res.status).toBe(201);
    const { rows } = await t.db.pool.query(`SELECT p.pictures_urls FROM contestant_profiles p JOIN users u ON u.id = p.user_id WHERE u.username = 'user_gif1'`);
    const url = rows[0].pictures_urls[0] as string;
    expect(url).toMatch(/\.gif$/);
    const meta = await sharp(await readFile(path.join(t.dataDir, url)), { animated: true }).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBe(3);
  });

  it("should list the spec's message for every missing field", async () => {
    const detail = await expectRefused({}, [await pngPicture()]);
    expect(byField(detail)).toEqual({
      username: R.usernameRequired,
      first_name: R.firstNameRequired,
      last_name: R.lastNameRequired,
      phone_number: R.phoneRequired,
      biography: R.biographyRequired,
      category: R.categoryRequired,
      email: R.emailRequired,
      password: R.passwordRequired,
      confirm_password: R.confirmRequired,
    });
    expect(detail.every((d) => d.loc[0] === 'body')).toBe(true);
  });

  it('should check the phone, e-mail, password and category rules with the spec texts', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ phone_number: '555-123-4567' }, 'phone_number', R.phoneDigits],
      [{ phone_number: '555123' }, 'phone_number', R.phoneMin],
      // Exactly ten, as the message says: twelve digits are refused with it too.
      [{ phone_number: '555123456789' }, 'phone_number', R.phoneMin],
      [{ phone_number: '5551234567890123' }, 'phone_number', R.phoneMax],
      [{ email: 'not-an-address' }, 'email', R.emailInvalid],
      [{ password: 'short', confirm_password: 'short' }, 'password', R.passwordMin],
      [{ confirm_password: 'something-else' }, 'confirm_password', R.confirmMatch],
      [{ category: 'Zombie Kings' }, 'category', R.categoryInvalid],
      // /profile/basics, /profile/photos, /profile/social are pages: no contestant may take those names.
      [{ username: 'Basics' }, 'username', USERNAME_RESERVED_MESSAGE],
      [{ username: 'social' }, 'username', USERNAME_RESERVED_MESSAGE],
    ];
    for (const [override, field, message] of cases) {
      const detail = await expectRefused({ ...validFields('rules'), ...override }, [await pngPicture()]);
      expect(byField(detail)).toEqual({ [field]: message });
    }
  });

  it('should refuse a form without pictures with "Pictures are required"', async () => {
    const detail = await expectRefused(validFields('nopic'), []);
    expect(detail).toEqual([{ loc: ['body', 'pictures'], msg: R.picturesRequired, type: expect.any(String) }]);
  });

  it('should refuse six pictures', async () => {
    const pic = await pngPicture();
    const detail = await expectRefused(validFields('six'), [pic, pic, pic, pic, pic, pic]);
    expect(detail).toEqual([{ loc: ['body', 'pictures'], msg: R.picturesMax, type: expect.any(String) }]);
  });

  it('should refuse seven pictures the same way', async () => {
    const pic = await pngPicture();
    const detail = await expectRefused(validFields('seven'), Array(7).fill(pic));
    expect(detail.map((d) => d.msg)).toEqual([R.picturesMax]);
  });

  it('should refuse a picture over 5 MB and store none of the others', async () => {
    const big: Picture = { data: Buffer.concat([(await jpegPicture()).data, Buffer.alloc(5 * 1024 * 1024)]), name: 'big.jpg', type: 'image/jpeg' };
    const detail = await expectRefused(validFields('big'), [await pngPicture(), big]);
    expect(detail).toEqual([{ loc: ['body', 'pictures', 1], msg: PICTURE_MESSAGES.tooLarge, type: expect.any(String) }]);
  });

  it('should refuse a text file named .jpg, deciding the type from the content', async () => {
    const text: Picture = { data: Buffer.from('just some text, honestly\n'.repeat(20)), name: 'selfie.jpg', type: 'image/jpeg' };
    const detail = await expectRefused(validFields('txt'), [text]);
    expect(detail).toEqual([{ loc: ['body', 'pictures', 0], msg: PICTURE_MESSAGES.badType, type: expect.any(String) }]);
  });

  it('should refuse an image of a type it does not take (WebP)', async () => {
    const webp: Picture = {
      data: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .webp()
        .toBuffer(),
      name: 'a.png',
      type: 'image/png',
    };
    const detail = await expectRefused(validFields('webp'), [webp]);
    expect(detail.map((d) => d.msg)).toEqual([PICTURE_MESSAGES.badType]);
  });

  it('should refuse a corrupt image', async () => {
    const whole = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 30 } } })
      .jpeg()
      .toBuffer();
    const corrupt: Picture = { data: whole.subarray(0, Math.floor(whole.length / 2)), name: 'broken.jpg', type: 'image/jpeg' };
    const detail = await expectRefused(validFields('corrupt'), [await pngPicture(), corrupt]);
    expect(detail).toEqual([{ loc: ['body', 'pictures', 1], msg: PICTURE_MESSAGES.corrupt, type: expect.any(String) }]);
  });

  it('should refuse an image with a huge side and one with too many pixels', async () => {
    const wide = await pngPicture(9000, 10, 'wide.png');
    const bomb = await pngPicture(7000, 7000, 'bomb.png'); // 49 megapixels of one colour: a small file
    expect(bomb.data.length).toBeLessThan(5 * 1024 * 1024);
    const detail = await expectRefused(validFields('huge'), [wide, bomb]);
    expect(detail).toEqual([
      { loc: ['body', 'pictures', 0], msg: PICTURE_MESSAGES.tooBig, type: expect.any(String) },
      { loc: ['body', 'pictures', 1], msg: PICTURE_MESSAGES.tooBig, type: expect.any(String) },
    ]);
  });

  it('should refuse a username taken in other letter case with 409, leaving nothing behind', async () => {
    expect((await register(t, validFields('dup1'))).status).toBe(201);
    const [usersBefore, filesBefore] = [await userCount(), await storedFiles()];
    const res = await register(t, { ...validFields('other1'), username: 'USER_Dup1' }, [await pngPicture()]);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: CONFLICT_MESSAGES.usernameTaken });
    expect(await userCount()).toBe(usersBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('should refuse an e-mail taken in other letter case with 409, leaving nothing behind', async () => {
    expect((await register(t, validFields('dup2'))).status).toBe(201);
    const [usersBefore, filesBefore] = [await userCount(), await storedFiles()];
    const res = await register(t, { ...validFields('other2'), email: 'USER_DUP2@example.COM' }, [await pngPicture()]);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ detail: CONFLICT_MESSAGES.emailTaken });
    expect(await userCount()).toBe(usersBefore);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('should let exactly one of two simultaneous registrations of one name through', async () => {
    const attempts = await Promise.all([
      register(t, { ...validFields('race_a'), username: 'user_race' }),
      register(t, { ...validFields('race_b'), username: 'USER_RACE' }),
    ]);
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 409]);
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM users WHERE lower(username) = 'user_race'`);
    expect(rows[0].n).toBe(1);
    // Only the winner's picture is on disk.
    const { rows: pics } = await t.db.pool.query('SELECT unnest(pictures_urls) AS url FROM contestant_profiles');
    expect((await storedFiles()).map((f) => `/uploads/profiles/${f}`).sort()).toEqual(pics.map((p) => p.url as string).sort());
  });

  it('should answer 415 to a body that is not multipart, and 400 to multipart it cannot read', async () => {
    const json = await fetch(`${t.api}/auth/register-contestant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validFields('json')),
    });
    expect(json.status).toBe(415);
    expect(((await json.json()) as { detail: string }).detail).toMatch(/multipart/);

    const noBody = await fetch(`${t.api}/auth/register-contestant`, { method: 'POST' });
    expect(noBody.status).toBe(415);

    for (const contentType of ['multipart/form-data; boundary=xyz', 'multipart/form-data']) {
      const res = await fetch(`${t.api}/auth/register-contestant`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: '--xyz\r\nContent-Disposition: form-data; name="username"\r\n\r\nbroken',
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toEqual(expect.any(String));
    }
  });

  it('should ignore a file sent in place of a text field and report the field missing', async () => {
    const form = registrationForm({ ...validFields('filefield') }, [await pngPicture()]);
    form.delete('username');
    form.append('username', new Blob(['user_sneaky']), 'name.txt');
    const res = await fetch(`${t.api}/auth/register-contestant`, { method: 'POST', body: form });
    expect(res.status).toBe(422);
    expect(byField(((await res.json()) as { detail: ErrorItem[] }).detail)).toEqual({ username: R.usernameRequired });
  });
});
