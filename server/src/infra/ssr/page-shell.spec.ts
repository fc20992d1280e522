import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { type Brand, SiteBrand } from '#server/infra/brand/site-brand.js';
import { PageRenderer, type ServerRenderModule } from './page-render.js';
import { isPagePath, PageShell } from './page-shell.js';

describe(isPagePath.name, () => {
  it('should treat page routes as pages, dots in usernames included', () => {
    for (const url of ['/', '/dashboard', '/profile/vivienne.crane', '/profile/2025/a.b?payment=cancel', '/leaderboard/group/3', '/no/such.page']) {
      expect([url, isPagePath(url)]).toEqual([url, true]);
    }
  });

  it('should leave missing files and API paths as real 404s', () => {
    for (const url of ['/api/v1/nope', '/assets/missing.js', '/media/missing.mp4', '/uploads/x.jpg', '/favicon.ico', '/robots.txt?x=1', '/socket.io/']) {
      expect([url, isPagePath(url)]).toEqual([url, false]);
    }
  });
});

/** The built index.html as the build writes it from client/index.html: its entry and preloads in the head between their marks, the page's marks in place. */
const INDEX =
  '<!doctype html><html><head><!--app-scripts--><script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-b.js"><!--/app-scripts-->\n' +
  '    <!--app-head--><title>S</title>\n    <meta name="description" content="Default." /><!--/app-head-->\n' +
  '  </head><body><div id="root"><!--app-html--><div role="status">Loading...</div><!--/app-html--></div><!--app-data-->\n</body></html>';

const route = (pattern: string, draw: boolean, title: string | null, scripts: string[] = [], query: string[] = []) => ({
  pattern,
  draw,
  title,
  scripts,
  query,
});

/** The route manifest as the build writes it (the parts these tests use). */
const MANIFEST = {
  afterLoad: '/assets/after-load-d.js',
  entry: '/assets/index-a.js',
  entryScripts: ['/assets/react-b.js'],
  routes: [
    route('/', true, 'Your Horror Debut'),
    route('/leaderboard', true, 'Leaderboard', ['/assets/leaderboard-a1.js', '/assets/votes-b2.js'], ['page']),
    route('/leaderboard/group/:groupId', true, 'Leaderboard', ['/assets/leaderboard-a1.js', '/assets/votes-b2.js'], ['page']),
    route('/profile/:username', true, null, ['/assets/profile-c3.js']),
    route('/profile/basics', false, 'Profile Basics', ['"><script>alert(1)</script>']),
    route('/support', true, 'Support', ['/assets/support-c.js']),
    { ...route('/login', false, 'Sign In', ['/assets/login-e.js']), titles: { en: 'Sign In', 'pt-BR': 'Entrar' } },
    route('/dashboard', false, 'Dashboard'),
    route('/reset-password', false, 'Reset Password'),
    route('*', true, 'Page Not Found'),
  ],
};

const BRAND: Brand = {
  siteName: 'ScreamStage',
  mailSenderName: 'ScreamStage',
  accentColor: '#e11d2a',
  backgroundColor: '#050505',
  logoUrl: null,
  version: '1',
};
/** The site's settings as the site module would give them: `brand.value` is what it reads now. */
const brandOf = (value: Brand = BRAND) => {
  const brand = Object.assign(new SiteBrand(value), { value });
  brand.readFrom(async () => brand.value);
  return brand;
};

/** What send() put on a stand-in reply, once it is sent. */
async function sent(shell: PageShell, url: string, method = 'GET', accept?: string, more: Record<string, string> = {}) {
  const headers: Record<string, string> = {};
  let status = 0;
  let body: Buffer = Buffer.alloc(0);
  const reply = {
    request: { method, headers: { ...(accept === undefined ? {} : { 'accept-encoding': accept }), ...more } },
    code: (value: number) => ((status = value), reply),
    type: (value: string) => ((headers['content-type'] = value), reply),
    header: (name: string, value: string) => ((headers[name] = value), reply),
    getHeader: (name: string) => headers[name],
    send: (payload: Buffer) => ((body = payload), reply),
  };
  await shell.send(reply as unknown as FastifyReply, url);
  return { status, headers, body, text: body.toString() };
}

describe(PageShell.name, () => {
  let dir: string;
  const load = (index = INDEX, manifest: unknown = MANIFEST) => {
    writeFileSync(path.join(dir, 'index.html'), index);
    rmSync(path.join(dir, 'route-manifest.json'), { force: true });
    if (manifest) writeFileSync(path.join(dir, 'route-manifest.json'), JSON.stringify(manifest));
    return PageShell.load(dir, brandOf())!;
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'page-shell-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should be null when there is no built client', () => {
    expect(PageShell.load(null, brandOf())).toBeNull();
    expect(PageShell.load(path.join(dir, 'missing'), brandOf())).toBeNull();
  });

  it('should refuse a built index.html without its marks, or a build without its route manifest', () => {
    expect(() => load(INDEX.replace('<!--app-html-->', ''))).toThrow(/lacks the marks/);
    expect(() => load(INDEX.replace('<!--app-data-->', ''))).toThrow(/lacks the marks/);
    expect(() => load(INDEX, null)).toThrow(/no route-manifest.json/);
  });

  it('should title each page by its route and name its scripts in the head, dropping anything but a built script', async () => {
    const shell = load();
    const leaderboard = (await sent(shell, '/leaderboard/group/2?page=3')).text;
    expect(leaderboard).toContain(
      '<!--app-head--><title>Leaderboard | ScreamStage</title>\n    <meta name="description" content="Default." />\n' +
        '    <meta name="application-name" content="ScreamStage">\n    <style id="site-theme">:root{--color-blood-300:',
    );
    expect(leaderboard).toContain(
      '--color-night-600:#2c2b2a}</style>\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/leaderboard-a1.js">\n    <link rel="modulepreload" crossorigin href="/assets/votes-b2.js"><!--/app-head-->',
    );
    expect((await sent(shell, '/login')).text).toContain('<title>Sign In | ScreamStage</title>');
    const basics = (await sent(shell, '/profile/basics')).text;
    expect(basics).toContain('<title>Profile Basics | ScreamStage</title>');
    expect(basics).not.toContain('alert(1)');
    // A page named by its data is titled by the site's name until the app names it.
    expect((await sent(shell, '/profile/vera')).text).toContain('<title>ScreamStage</title>');
  });

  it("should title a page the browser draws in the reader's language, English when the build wrote none in it", async () => {
    const shell = load();
    expect((await sent(shell, '/login', 'GET', undefined, { cookie: 'locale=pt-BR' })).text).toContain('<title>Entrar | ScreamStage</title>');
    expect((await sent(shell, '/login', 'GET', undefined, { 'accept-language': 'en' })).text).toContain('<title>Sign In | ScreamStage</title>');
    expect((await sent(shell, '/dashboard', 'GET', undefined, { cookie: 'locale=pt-BR' })).text).toContain('<title>Dashboard | ScreamStage</title>');
  });

  it('should answer a path that is no page with 404 and the not-found page, and every page of the table with 200', async () => {
    const shell = load();
    const missing = await sent(shell, '/no-such-page');
    expect([missing.status, missing.text.includes('<title>Page Not Found | ScreamStage</title>')]).toEqual([404, true]);
    expect((await sent(shell, '/metrics')).status).toBe(404);
    for (const url of ['/dashboard', '/login', '/reset-password?token=x']) expect([url, (await sent(shell, url)).status]).toEqual([url, 200]);
  });

  it("should show the site's current name and colours, and make the shells again once they change", async () => {
    writeFileSync(path.join(dir, 'index.html'), INDEX.replace('<head>', '<head><meta name="theme-color" content="#050505" />'));
    writeFileSync(path.join(dir, 'route-manifest.json'), JSON.stringify(MANIFEST));
    const brand = brandOf();
    const shell = PageShell.load(dir, brand)!;
    const before = (await sent(shell, '/login')).text;
    expect(before).toContain('<title>Sign In | ScreamStage</title>');
    expect(before).toContain('--color-blood-500:#e11d2a;');
    brand.value = { ...BRAND, siteName: 'Fright <Night>', accentColor: '#1d4ed8', backgroundColor: '#0b1020', version: '2' };
    const after = (await sent(shell, '/login')).text;
    expect(after).toContain('<title>Sign In | Fright &lt;Night&gt;</title>');
    expect(after).toContain('<meta name="application-name" content="Fright &lt;Night&gt;">');
    expect(after).toContain('--color-blood-500:#1d4ed8;');
    expect(after).toContain('--color-night-950:#0b1020;');
    expect(after).toContain('<meta name="theme-color" content="#0b1020" />');
    const br = await sent(shell, '/login', 'GET', 'br');
    expect(brotliDecompressSync(br.body).toString()).toBe(after);
  });

  it('should send each shell compressed as the browser accepts, varying by Accept-Encoding (and the language by Accept-Language and Cookie)', async () => {
    const shell = load();
    for (const url of ['/leaderboard', '/dashboard']) {
      const plain = await sent(shell, url, 'HEAD');
      expect(plain.headers).toEqual(expect.objectContaining({ vary: 'accept-encoding, accept-language, cookie' }));
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = await sent(shell, url, 'HEAD', 'gzip, deflate, br, zstd');
      expect([br.headers['content-encoding'], brotliDecompressSync(br.body).equals(plain.body)]).toEqual(['br', true]);
      const gzip = await sent(shell, url, 'HEAD', 'gzip');
      expect([gzip.headers['content-encoding'], gunzipSync(gzip.body).equals(plain.body)]).toEqual(['gzip', true]);
    }
  });
});

describe('PageShell with pages drawn on the server', () => {
  /** A profile's route gives preview tags, and 404 for a profile of no one. */
  const headOf = (url: string) =>
    url.startsWith('/profile/nobody')
      ? { head: null, status: 404 }
      : url.startsWith('/profile/')
        ? { head: '<meta name="description" content="Vote for Vera." />\n    <meta property="og:title" content="$&amp; $\' $1" />', status: 200 }
        : { head: null, status: 200 };
  const drawing: ServerRenderModule = {
    render: async (url, { locale }) => ({
      html: `<main>drawn ${url}${locale === 'en' ? '' : ` in ${locale}`}</main>`,
      title: `<title>Drawn ${url} | S</title>`,
      data: { url },
      ...headOf(url),
    }),
    head: async (url: string) => headOf(url),
  };
  let dir: string;

  /** A shell of the built files, drawing the public pages. */
  const shellOf = (manifest: unknown = MANIFEST) => {
    writeFileSync(path.join(dir, 'route-manifest.json'), JSON.stringify(manifest));
    const shell = PageShell.load(dir, brandOf())!;
    shell.drawWith(new PageRenderer(drawing, shell.manifest, fetch, 'http://site.test', { warn: () => undefined }));
    return shell;
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'page-shell-drawn-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("should draw the page in the request's language and say it in <html lang>, the switcher's cookie first", async () => {
    const shell = shellOf();
    const english = await sent(shell, '/support');
    expect(english.text).toContain('<html lang="en">');
    expect(english.text).toContain('<main>drawn /support</main>');
    const portuguese = await sent(shell, '/support', 'GET', undefined, { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' });
    expect(portuguese.text).toContain('<html lang="pt-BR">');
    expect(portuguese.text).toContain('<main>drawn /support in pt-BR</main>');
    expect(portuguese.headers.vary).toBe('accept-encoding, accept-language, cookie');
    const chosen = await sent(shell, '/support', 'GET', undefined, { 'accept-language': 'pt-BR', cookie: 'locale=en' });
    expect(chosen.text).toContain('<html lang="en">');
    expect(chosen.text).toContain('<main>drawn /support</main>');
    // A page the browser draws gets the language in its shell: the app starts in it (main.tsx).
    const shellOnly = await sent(shell, '/login', 'GET', undefined, { cookie: 'locale=pt-BR' });
    expect(shellOnly.text).toContain('<html lang="pt-BR">');
    expect((await sent(shell, '/login')).text).toContain('<html lang="en">');
  });

  it('should put the drawing in the root element, its data after it, and load the scripts after the page', async () => {
    const shell = shellOf();
    const { text: html } = await sent(shell, '/support');
    expect(html).toContain(
      '<div id="root"><!--app-html--><main>drawn /support</main><!--/app-html--></div><!--app-data--><script type="application/json" id="server-render-data">{"url":"/support"}</script>\n</body>',
    );
    expect(html).not.toContain('Loading...');
    // The app's entry and every preload give way to the after-load entry, which is handed their addresses.
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/after-load-d.js" data-entry="/assets/index-a.js" data-scripts="/assets/react-b.js /assets/support-c.js"></script>',
    );
    expect(html).not.toContain('modulepreload');
    const br = await sent(shell, '/support', 'GET', 'br');
    expect([br.headers['content-encoding'], brotliDecompressSync(br.body).toString()]).toEqual(['br', html]);
  });

  it('should put nothing but the drawing in the root element, even when the built index.html has line breaks around the marks', async () => {
    writeFileSync(
      path.join(dir, 'index.html'),
      INDEX.replace('<div id="root"><!--app-html-->', '<div id="root">\n      <!--app-html-->').replace(
        '<!--/app-html--></div>',
        '<!--/app-html-->\n    </div>',
      ),
    );
    try {
      const { text: html } = await sent(shellOf(), '/support');
      expect(html).toContain('<div id="root"><!--app-html--><main>drawn /support</main><!--/app-html--></div><!--app-data-->');
    } finally {
      writeFileSync(path.join(dir, 'index.html'), INDEX);
    }
  });

  it("should leave a drawn page's scripts as the shell names them when the build names no after-load entry", async () => {
    const html = (await sent(shellOf({ routes: MANIFEST.routes }), '/support')).text;
    expect(html).toContain('<main>drawn /support</main>');
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-b.js">',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/support-c.js">');
  });

  it("should draw the pages again at once when the site's settings change, not after the drawings' lifetime", async () => {
    let draws = 0;
    const counting: ServerRenderModule = { ...drawing, render: async (url, options) => (draws++, drawing.render(url, options)) };
    writeFileSync(path.join(dir, 'route-manifest.json'), JSON.stringify(MANIFEST));
    const brand = brandOf();
    const shell = PageShell.load(dir, brand)!;
    shell.drawWith(new PageRenderer(counting, shell.manifest, fetch, 'http://site.test', { warn: () => undefined }));
    await sent(shell, '/support');
    await sent(shell, '/support');
    expect(draws).toBe(1);
    brand.value = { ...BRAND, siteName: 'Fright Night', version: '2' };
    const html = (await sent(shell, '/support')).text;
    expect(draws).toBe(2);
    expect(html).toContain('<meta name="application-name" content="Fright Night">');
  });

  it("should name the drawn page in the head's <title>", async () => {
    const html = (await sent(shellOf(), '/support')).text;
    expect(html).toContain('<!--app-head--><title>Drawn /support | S</title>');
    expect(html).not.toContain('<title>S</title>');
  });

  it("should draw an address with a query by the page's own parameters, tracking tags and all", async () => {
    const shell = shellOf();
    expect((await sent(shell, '/support?topic=x&utm_source=y')).text).toContain('<main>drawn /support</main>');
    const second = (await sent(shell, '/leaderboard?utm_source=y&page=2')).text;
    expect(second).toContain('<main>drawn /leaderboard?page=2</main>');
    expect(second).toContain('<title>Drawn /leaderboard?page=2 | S</title>');
  });

  it("should put a page's own head elements in place of the default description, $ patterns as written, and answer with its route's status", async () => {
    const shell = shellOf();
    const { status, text: html } = await sent(shell, '/profile/vera?payment=success');
    expect(status).toBe(200);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Drawn /profile/vera | S</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Vote for Vera." />');
    expect(html).toContain('<meta property="og:title" content="$&amp; $\' $1" />');
    expect(html).not.toContain('Default.');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    const nobody = await sent(shell, '/profile/nobody');
    expect([nobody.status, nobody.text.includes('<main>drawn /profile/nobody</main>')]).toEqual([404, true]);
  });

  it('should draw the not-found page with 404 for a path that is no page', async () => {
    const missing = await sent(shellOf(), '/no/such/page?x=1');
    expect([missing.status, missing.text.includes('<main>drawn /404</main>')]).toEqual([404, true]);
  });

  it('should draw, preload and title a page the build added to the route table, with no change here', async () => {
    const manifest = {
      ...MANIFEST,
      routes: [
        route('/hall-of-fame/:year', true, 'Hall of Fame', ['/assets/hall-of-fame-f.js'], ['sort']),
        route('/hall-of-fame', false, 'Hall of Fame', ['/assets/hall-of-fame-f.js']),
        ...MANIFEST.routes,
      ],
    };
    const shell = shellOf(manifest);
    const page = await sent(shell, '/hall-of-fame/2026?sort=votes&utm_source=x');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<main>drawn /hall-of-fame/2026?sort=votes</main>');
    expect(page.text).toContain('data-scripts="/assets/react-b.js /assets/hall-of-fame-f.js"');
    // Not drawn: its shell, titled and naming its scripts.
    const list = await sent(shell, '/hall-of-fame');
    expect(list.status).toBe(200);
    expect(list.text).toContain('<title>Hall of Fame | ScreamStage</title>');
    expect(list.text).toContain('<link rel="modulepreload" crossorigin href="/assets/hall-of-fame-f.js">');
  });

  it('should send the plain shell for pages the browser draws, and answer HEAD as GET', async () => {
    const shell = shellOf();
    for (const url of ['/dashboard', '/reset-password?token=x']) {
      const { text } = await sent(shell, url);
      expect([url, text.includes('<div role="status">Loading...</div>'), text.includes('drawn')]).toEqual([url, true, false]);
    }
    const [get, head] = [await sent(shell, '/profile/nobody'), await sent(shell, '/profile/nobody', 'HEAD')];
    expect([head.status, head.headers['content-type'], head.text]).toEqual([get.status, get.headers['content-type'], get.text]);
  });
});
