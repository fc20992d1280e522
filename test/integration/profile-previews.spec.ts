import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually } from '../helpers/source-address.js';
import { linkBuiltClient } from '../helpers/built-client.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const FACEBOOK = { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' };
const PUBLIC_URL = 'http://localhost:5173';

/** The content of `<meta property|name="key" content="...">`, as written (still escaped). */
function meta(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return match ? match[1] : null;
}

describe('rich link previews of profiles', () => {
  let t: TestServer;
  let cwd: string;
  let shell: string;
  let vivienne: TestAccount;
  let tricky: TestAccount;
  let plain: TestAccount;
  let contest: number;

  const page = (p: string, init: RequestInit = {}) => fetch(`${t.baseUrl}${p}`, { ...init, headers: { ...FACEBOOK, ...init.headers } });
  /** The og:image address, called on the test server (PUBLIC_URL names the public site). */
  const imageUrl = async (username: string) => {
    const image = meta(await (await page(`/profile/${username}`)).text(), 'og:image');
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/share-cards/${username}\\.png\\?v=[0-9a-f]+$`));
    return image!.replace(PUBLIC_URL, t.baseUrl);
  };
  const cardFiles = async () => {
    const root = path.join(t.dataDir, 'share-cards');
    const folders = await readdir(root).catch(() => [] as string[]);
    return (await Promise.all(folders.map(async (f) => (await readdir(path.join(root, f))).map((n) => path.join(root, f, n))))).flat();
  };
  /** The red, green, blue of one pixel. */
  const pixel = async (png: Buffer, x: number, y: number) => {
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const at = (y * info.width + x) * info.channels;
    return [data[at], data[at + 1], data[at + 2]];
  };

  beforeAll(async () => {
    // The server serves <cwd>/dist/client and draws with <cwd>/dist/ssr: the real build, whose profile
    // route gives the preview tags from the page's own data.
    cwd = await mkdtemp(path.join(process.env.TEST_ROOT ?? tmpdir(), 'shell-'));
    shell = await linkBuiltClient(cwd);
    t = await startTestServer({ SERVE_CLIENT: 'true' }, { cwd });

    const photoDir = path.join(t.dataDir, 'uploads/profiles');
    await mkdir(photoDir, { recursive: true });
    await writeFile(
      path.join(photoDir, 'green.png'),
      await sharp({ create: { width: 400, height: 600, channels: 3, background: '#00ff00' } })
        .png()
        .toBuffer(),
    );
    contest = await insertContest(t, { name: 'Preview Cup', isCurrent: true });
    [vivienne] = await createAccounts(t, 'vivi', 1, 'contestant', ['/uploads/profiles/green.png']);
    [tricky, plain] = await createAccounts(t, 'tricky', 2, 'contestant', []);
    expect((await join(t, vivienne, contest)).status).toBe(201);
    await t.db.pool.query(`UPDATE users SET first_name = 'Vivienne', last_name = 'Crane' WHERE id = $1`, [vivienne.id]);
    await t.db.pool.query(`UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1`, [tricky.id, '"<b>&', "O'Neil <script>alert(1)</script>"]);
    await t.db.pool.query('UPDATE contestant_profiles SET total_votes = 1234 WHERE id = $1', [vivienne.profileId]);
  }, 240_000);

  afterAll(async () => {
    await t?.stop();
    await rm(cwd, { recursive: true, force: true });
  });

  it("should answer a profile page with the shell and the contestant's title, description, Open Graph and Twitter card tags", async () => {
    for (const p of [`/profile/${vivienne.username}`, `/profile/2025/${vivienne.username}`, `/profile/${vivienne.username}/?payment=cancel`]) {
      const res = await page(p);
      expect([p, res.status]).toEqual([p, 200]);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      const description = 'Scream Queens in Preview Cup: #1 in Group with 1,234 votes. Vote for Vivienne on ScreamStage.';
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toContain('<title>Vivienne Crane | ScreamStage</title>');
      expect(meta(html, 'description')).toBe(description);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(meta(html, 'og:title')).toBe('Vivienne Crane');
      expect(meta(html, 'og:description')).toBe(description);
      expect(meta(html, 'og:type')).toBe('profile');
      expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/profile/${vivienne.username}`);
      expect(meta(html, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/api/v1/share-cards/${vivienne.username}\\.png\\?v=[0-9a-f]{12}$`));
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
      expect(meta(html, 'twitter:title')).toBe('Vivienne Crane');
      expect(meta(html, 'twitter:description')).toBe(description);
      expect(meta(html, 'twitter:image')).toBe(meta(html, 'og:image'));
      // Still the app: the contestant's page drawn in the root element.
      expect(html).toMatch(/<div id="root"><!--app-html--><div[^>]*>[\s\S]*Vivienne Crane[\s\S]*<!--\/app-html--><\/div>/);
    }
  });

  it('should answer HEAD for a profile page like GET, without a body', async () => {
    const res = await page(`/profile/${vivienne.username}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe('');
  });

  it('should describe a contestant outside the current contest by category and votes', async () => {
    const html = await (await page(`/profile/${plain.username}`)).text();
    expect(meta(html, 'og:title')).toBe('First2 Last2');
    expect(meta(html, 'og:description')).toBe('Scream Queens on ScreamStage with 0 votes. Vote for First2 on ScreamStage.');
  });

  it('should escape names with markup and quotes in every tag', async () => {
    const html = await (await page(`/profile/${tricky.username}`)).text();
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('"<b>');
    expect(meta(html, 'og:title')).toBe('&quot;&lt;b&gt;&amp; O&#39;Neil &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(meta(html, 'twitter:title')).toBe(meta(html, 'og:title'));
    // The title is the page's own, escaped by React (an apostrophe as &#x27;).
    expect(html).toContain('<title>&quot;&lt;b&gt;&amp; O&#x27;Neil &lt;script&gt;alert(1)&lt;/script&gt; | ScreamStage</title>');
    expect(meta(html, 'og:description')).toContain('Vote for &quot;&lt;b&gt;&amp; on ScreamStage.');
  });

  it("should answer unknown contestants with 404 and every other page path with its page's shell", async () => {
    const [admin] = await createAccounts(t, 'prev_admin', 1, 'admin');
    // A contestant named like an owner's page (registered before such names were reserved).
    const [named] = await createAccounts(t, 'prev_named', 1);
    await t.db.pool.query(`UPDATE users SET username = 'photos' WHERE id = $1`, [named.id]);
    const notFound = `${PROFILE_MESSAGES.notFound} | ScreamStage`;
    const description = /<meta name="description" content="([^"]*)"/.exec(shell)?.[1];
    for (const [p, status, title] of [
      ['/profile/photos', 200, 'Your Profile Photos | ScreamStage'],
      ['/profile/nobody_here', 404, notFound],
      [`/profile/${admin.username}`, 404, notFound],
      ['/profile/a', 404, notFound],
      ['/profile/%00bad', 404, notFound],
      ['/profile/2025/nobody_here', 404, notFound],
      ['/leaderboard', 200, 'Leaderboard | ScreamStage'],
      ['/dashboard', 200, 'Dashboard | ScreamStage'],
    ] as const) {
      const res = await page(p);
      expect([p, res.status, res.headers.get('content-type')]).toEqual([p, status, 'text/html; charset=utf-8']);
      const html = await res.text();
      // No preview tags: the page's own title and the shell's description.
      expect([p, html.match(/<title>[^<]*<\/title>/g), html.includes('og:title'), meta(html, 'description')]).toEqual([
        p,
        [`<title>${title}</title>`],
        false,
        description,
      ]);
    }
    const head = await page('/leaderboard', { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('should serve a 1200×630 PNG card with the photo, caching headers, and draw it only once', async () => {
    const url = await imageUrl(vivienne.username);
    const res = await fetch(url, { headers: FACEBOOK });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    const png = Buffer.from(await res.arrayBuffer());
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    // The green photo fills the left side; the right side is the dark background.
    expect(await pixel(png, 60, 315)).toEqual([0, 255, 0]);
    const [r, g, b] = await pixel(png, 1180, 20);
    expect(Math.max(r, g, b)).toBeLessThan(70);

    const [file] = await cardFiles();
    expect(await cardFiles()).toHaveLength(1);
    const made = (await stat(file)).mtimeMs;
    await new Promise((r) => setTimeout(r, 30));
    const again = await fetch(url);
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(etag);
    expect(Buffer.from(await again.arrayBuffer()).equals(png)).toBe(true);
    expect((await stat(file)).mtimeMs).toBe(made);
    const unversioned = await fetch(`${t.api}/share-cards/${vivienne.username.toUpperCase()}.png`);
    expect([unversioned.status, unversioned.headers.get('etag')]).toEqual([200, etag]);

    const notModified = await fetch(url, { headers: { 'if-none-match': etag! } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(await notModified.text()).toBe('');
  });

  it('should draw the card again once the votes change, with a new ETag and address, keeping one file', async () => {
    const oldImage = await imageUrl(vivienne.username);
    const before = await fetch(oldImage);
    const oldTag = before.headers.get('etag');
    const [oldFile] = await cardFiles();
    await t.db.pool.query('UPDATE contestant_profiles SET total_votes = 1300 WHERE id = $1', [vivienne.profileId]);

    const res = await eventually(
      'a new card',
      () => fetch(`${t.api}/share-cards/${vivienne.username}.png`),
      (r) => r.headers.get('etag') !== oldTag,
    );
    expect(res.status).toBe(200);
    expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630 });
    expect(await cardFiles()).toHaveLength(1);
    expect((await cardFiles())[0]).not.toBe(oldFile);
    expect((await fetch(`${t.api}/share-cards/${vivienne.username}.png`, { headers: { 'if-none-match': oldTag! } })).status).toBe(200);

    // The page's drawing (and its tags) is kept a few seconds, then drawn again with the new count.
    const html = await eventually(
      'the page with the new count',
      async () => (await page(`/profile/${vivienne.username}`)).text(),
      (text) => meta(text, 'og:description')?.includes('1,300 votes') === true,
    );
    expect(meta(html, 'og:image')?.replace(PUBLIC_URL, t.baseUrl)).not.toBe(oldImage);
  });

  it('should draw a card without a photo, and make simultaneous requests share one drawing', async () => {
    const url = await imageUrl(plain.username);
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(url)));
    const bodies = await Promise.all(answers.map(async (a) => Buffer.from(await a.arrayBuffer())));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1);
    expect(bodies.every((b) => b.equals(bodies[0]))).toBe(true);
    expect(await sharp(bodies[0]).metadata()).toMatchObject({ width: 1200, height: 630 });
    // No photo: the left side is the dark fallback, not a picture.
    const [r, g, b] = await pixel(bodies[0], 20, 20);
    expect(g).toBeLessThan(40);
    expect(r + g + b).toBeLessThan(200);
    // One card per contestant so far (Vivienne's and this one), no half-written files left.
    expect((await cardFiles()).filter((f) => f.endsWith('.png'))).toHaveLength(2);
    expect((await cardFiles()).filter((f) => !f.endsWith('.png'))).toEqual([]);

    const escaped = await fetch(await imageUrl(tricky.username));
    expect(escaped.status).toBe(200);
    expect(await sharp(Buffer.from(await escaped.arrayBuffer())).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("should answer 404 'Profile not found' for a card of no contestant or another format", async () => {
    for (const name of ['nobody_here.png', 'a.png', `${vivienne.username}.jpg`, vivienne.username, '%00bad.png']) {
      const res = await fetch(`${t.api}/share-cards/${name}`);
      expect([name, res.status, await res.json()]).toEqual([name, 404, { detail: PROFILE_MESSAGES.notFound }]);
    }
  });

  it('should answer the card scaled to 400 or 800 px for previews on pages, and refuse other widths', async () => {
    const url = `${t.api}/share-cards/${vivienne.username}.png`;
    const full = await fetch(url);
    for (const width of [400, 800]) {
      const res = await fetch(`${url}?width=${width}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      const etag = res.headers.get('etag');
      expect(etag).not.toBe(full.headers.get('etag'));
      expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({ format: 'png', width, height: Math.round((630 * width) / 1200) });
      expect((await fetch(`${url}?width=${width}`, { headers: { 'if-none-match': etag! } })).status).toBe(304);
    }
    for (const width of ['1200', '10', 'big', '']) {
      const res = await fetch(`${url}?width=${width}`);
      expect([width, res.status]).toEqual([width, 422]);
    }
  });
});

describe('profile pages without the client', () => {
  it('should answer 404 JSON as for any page path when the server serves no client', async () => {
    const t = await startTestServer();
    try {
      const [account] = await createAccounts(t, 'noshell', 1);
      for (const p of [`/profile/${account.username}`, '/profile/nobody_here']) {
        const res = await fetch(`${t.baseUrl}${p}`);
        expect([p, res.status, await res.json()]).toEqual([p, 404, { detail: 'Not Found' }]);
      }
    } finally {
      await t.stop();
    }
  });
});
