// Helpers for the account tests: registration forms, generated pictures, the development outbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { TestServer } from './test-app.js';

export interface Picture {
  data: Buffer;
  name: string;
  type: string;
}

export function validFields(tag: string): Record<string, string> {
  return {
    username: `user_${tag}`,
    first_name: 'Ada',
    last_name: 'Shriek',
    biography: 'I have screamed in three short films.',
    phone_number: '5551234567',
    instagram: '',
    tiktok: '',
    email: `user_${tag}@example.com`,
    password: 'correct-horse-battery',
    confirm_password: 'correct-horse-battery',
    category: 'Scream Queens',
  };
}

export function registrationForm(fields: Record<string, string>, pictures: Picture[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const p of pictures) form.append('pictures', new Blob([new Uint8Array(p.data)], { type: p.type }), p.name);
  return form;
}

export const pngPicture = async (width = 30, height = 30, name = 'face.png'): Promise<Picture> => ({
  data: await sharp({ create: { width, height, channels: 3, background: '#3a0ca3' } })
    .png()
    .toBuffer(),
  name,
  type: 'image/png',
});

export const jpegPicture = async (name = 'face.jpg'): Promise<Picture> => ({
  data: await sharp({ create: { width: 40, height: 20, channels: 3, background: '#d00000' } })
    .jpeg()
    .toBuffer(),
  name,
  type: 'image/jpeg',
});

/** A 40×20 JPEG shot "sideways" (EXIF orientation 6) that carries a camera name and a GPS position. */
export async function jpegWithGps(): Promise<Picture> {
  const data = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#d00000' } })
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 9000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();
  return { data, name: 'holiday.jpg', type: 'image/jpeg' };
}

/** A three-frame animated GIF. */
export async function animatedGif(): Promise<Picture> {
  const w = 20;
  const h = 60;
  const raw = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const frame = Math.floor(i / (w * 20));
    raw.set([frame === 0 ? 255 : 0, frame === 1 ? 255 : 0, frame === 2 ? 255 : 0, 255], i * 4);
  }
  const data = await sharp(raw, { raw: { width: w, height: h, channels: 4, pageHeight: 20 } })
    .gif({ delay: [100, 100, 100], loop: 0 })
    .toBuffer();
  return { data, name: 'blink.gif', type: 'image/gif' };
}

export async function register(t: TestServer, fields: Record<string, string>, pictures?: Picture[]): Promise<Response> {
  const pics = pictures ?? [await pngPicture()];
  return fetch(`${t.api}/auth/register-contestant`, { method: 'POST', body: registrationForm(fields, pics) });
}

/**
 * Registers through the API, waits for the verification e-mail (so later mail counts start
 * after it) and marks the account verified in the database; answers the fields used.
 */
export async function verifiedUser(t: TestServer, tag: string): Promise<Record<string, string>> {
  const fields = validFields(tag);
  const res = await register(t, fields);
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  await waitForMails(t.dataDir, fields.email);
  await t.db.pool.query('UPDATE users SET is_verified = true WHERE username = $1', [fields.username]);
  return fields;
}

// A run of encoded bytes is one UTF-8 sequence (a '¥' is =C2=A5), not one character per byte.
const decodeQuotedPrintable = (s: string): string =>
  s.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run: string) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));

/** Every outbox e-mail to that address, oldest first, as written (headers unfolded only by headersOf). */
export async function rawMailsTo(dataDir: string, to: string): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const safeTo = to.replace(/[^A-Za-z0-9@._-]/g, '_');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(`-${safeTo}.eml`)).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map((n) => readFile(path.join(dir, n), 'utf8')));
}

/** Every outbox e-mail to that address, oldest first, decoded. */
export async function mailsTo(dataDir: string, to: string): Promise<string[]> {
  return (await rawMailsTo(dataDir, to)).map(decodeQuotedPrintable);
}

/** A raw e-mail's headers, by lower-case name, folded lines joined. */
export function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return Object.fromEntries(head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

/** Waits (the mail job runs after the answer) until `count` e-mails reached the address. */
export async function waitForMails(dataDir: string, to: string, count = 1, timeoutMs = 10_000): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(dataDir, to);
    if (mails.length >= count) return mails;
    if (Date.now() > until) throw new Error(`expected ${count} e-mail(s) to ${to}, found ${mails.length}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The token of the first `${PUBLIC_URL}/<page>?token=` link in a decoded e-mail. */
export function tokenFromMail(mail: string, page: 'verify-email' | 'reset-password'): string {
  const match = new RegExp(`http://localhost:5173/${page}\\?token=([A-Za-z0-9_-]+)`).exec(mail);
  if (!match) throw new Error(`no ${page} link in the e-mail:\n${mail}`);
  return match[1];
}

export function loginForm(username: string, password: string, extra: Record<string, string> = {}): URLSearchParams {
  return new URLSearchParams({ username, password, ...extra });
}

/** The claims of a JWT, read without checking the signature (as the client does). */
export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}
