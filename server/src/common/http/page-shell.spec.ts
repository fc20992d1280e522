import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
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

describe(PageShell.name, () => {
  const INDEX = '<!doctype html><html><head><title>S</title></head><body><div id="root"></div></body></html>';
  let dir: string;
  const load = (preloads?: unknown) => {
    rmSync(path.join(dir, 'page-preloads.json'), { force: true });
    if (preloads) writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify(preloads));
    return PageShell.load(dir)!;
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'page-shell-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('should be null when there is no built client', () => {
    expect(PageShell.load(null)).toBeNull();
    expect(PageShell.load(path.join(dir, 'missing'))).toBeNull();
  });

  it("should name a listed page's scripts before </head>, and leave other pages plain", () => {
    const shell = load({
      pages: [
        { pattern: '^/leaderboard(?:/group/[^/]+)?/?$', scripts: ['/assets/leaderboard-page-a1.js', '/assets/votes-b2.js'] },
        { pattern: '^/profile/(?!(?:basics|photos)/?$)[^/]+/?$', scripts: ['/assets/profile-page-c3.js'] },
      ],
    });
    const leaderboard = shell.html('/leaderboard/group/2?page=3').toString();
    expect(leaderboard).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/leaderboard-page-a1.js">\n    <link rel="modulepreload" crossorigin href="/assets/votes-b2.js">\n  </head>',
    );
    expect(shell.html('/profile/vivienne.crane').toString()).toContain('href="/assets/profile-page-c3.js"');
    for (const url of ['/', '/profile/basics', '/leaderboards', '/dashboard']) expect([url, shell.html(url).toString()]).toEqual([url, INDEX]);
  });

  it('should serve the plain shell everywhere without a preload list, and drop entries that name anything but a built script', () => {
    expect(load().html('/leaderboard').toString()).toBe(INDEX);
    const shell = load({ pages: [{ pattern: '^/leaderboard/?$', scripts: ['/assets/ok.js', '"><script>alert(1)</script>'] }] });
    expect(shell.html('/leaderboard').toString()).toBe(INDEX);
  });

  it('should send each shell compressed as the browser accepts, varying by Accept-Encoding', () => {
    const shell = load({ pages: [{ pattern: '^/leaderboard/?$', scripts: ['/assets/leaderboard-page-a1.js'] }] });
    /** What send() put on a stand-in reply. */
    const sent = (url: string, accept?: string) => {
      const headers: Record<string, string> = {};
      let body: Buffer = Buffer.alloc(0);
      const reply = {
        request: { headers: accept === undefined ? {} : { 'accept-encoding': accept } },
        code: () => reply,
        type: (value: string) => ((headers['content-type'] = value), reply),
        header: (name: string, value: string) => ((headers[name] = value), reply),
        getHeader: (name: string) => headers[name],
        send: (payload: Buffer) => ((body = payload), reply),
      };
      shell.send(reply as unknown as FastifyReply, url);
      return { headers, body };
    };
    for (const url of ['/leaderboard', '/dashboard']) {
      const plain = sent(url);
      expect(plain.body.equals(shell.html(url))).toBe(true);
      expect(plain.headers).toEqual(expect.objectContaining({ vary: 'accept-encoding' }));
      expect(plain.headers['content-encoding']).toBeUndefined();
      const br = sent(url, 'gzip, deflate, br, zstd');
      expect([br.headers['content-encoding'], brotliDecompressSync(br.body).equals(shell.html(url))]).toEqual(['br', true]);
      const gzip = sent(url, 'gzip');
      expect([gzip.headers['content-encoding'], gunzipSync(gzip.body).equals(shell.html(url))]).toEqual(['gzip', true]);
    }
  });
});

describe('PageShell with pages drawn on the server', () => {
  const INDEX =
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-a.js"></script>\n' +
    '    <link rel="modulepreload" crossorigin href="/assets/react-b.js">\n' +
    '  <title>S</title>\n  </head><body><div id="root"><div role="status">Loading...</div></div>\n</body></html>';
  const drawing: ServerRenderModule = {
    render: async (url: string) => ({ html: `<main>drawn ${url}</main>`, title: `<title>Drawn ${url} | S</title>`, data: { url } }),
    queryOf: (pathname: string) => (pathname === '/leaderboard' ? ['page'] : []),
  };
  let dir: string;

  /** A shell of the built files, with the build's preload list when given, drawing the public pages. */
  const shellOf = (preloads?: unknown) => {
    rmSync(path.join(dir, 'page-preloads.json'), { force: true });
    if (preloads) writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify(preloads));
    const shell = PageShell.load(dir)!;
    expect(shell.drawWith(new PageRenderer(drawing, fetch, 'http://site.test', { warn: () => undefined }))).toBe(true);
    return shell;
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'page-shell-drawn-'));
    writeFileSync(path.join(dir, 'index.html'), INDEX);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** What send() put on a stand-in reply, once it is sent. */
  const sent = async (shell: PageShell, url: string, method = 'GET', accept?: string) => {
    const headers: Record<string, string> = {};
    let body: Buffer = Buffer.alloc(0);
    const reply = {
      request: { method, headers: accept === undefined ? {} : { 'accept-encoding': accept } },
      code: () => reply,
      type: (value: string) => ((headers['content-type'] = value), reply),
      header: (name: string, value: string) => ((headers[name] = value), reply),
      getHeader: (name: string) => headers[name],
      send: (payload: Buffer) => ((body = payload), reply),
    };
    await shell.send(reply as unknown as FastifyReply, url);
    return { headers, body };
  };

  it('should put the drawing in the root element, its data after it, and load the scripts after the page', async () => {
    const shell = shellOf({
      pages: [{ pattern: '^/support/?$', scripts: ['/assets/support-page-c.js'] }],
      afterLoad: '/assets/after-load-d.js',
    });
    const html = (await sent(shell, '/support')).body.toString();
    expect(html).toContain(
      '<div id="root"><main>drawn /support</main></div><script type="application/json" id="server-render-data">{"url":"/support"}</script>\n</body>',
    );
    expect(html).not.toContain('Loading...');
    // The app's entry and every preload give way to the after-load entry, which is handed their addresses.
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/after-load-d.js" data-entry="/assets/index-a.js" data-scripts="/assets/react-b.js /assets/support-page-c.js"></script>',
    );
    expect(html).not.toContain('modulepreload');
    const br = await sent(shell, '/support', 'GET', 'br');
    expect([br.headers['content-encoding'], brotliDecompressSync(br.body).toString()]).toEqual(['br', html]);
  });

  it("should leave a drawn page's scripts as the shell names them when the build names no after-load entry", async () => {
    const html = (await sent(shellOf(), '/support')).body.toString();
    expect(html).toContain('<main>drawn /support</main>');
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/index-a.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-b.js">',
    );
  });

  it("should name the drawn page in the head's <title>", async () => {
    const html = (await sent(shellOf(), '/support')).body.toString();
    expect(html).toContain('<title>Drawn /support | S</title>\n  </head>');
    expect(html).not.toContain('<title>S</title>');
  });

  it("should draw an address with a query by the page's own parameters, tracking tags and all", async () => {
    const shell = shellOf({ pages: [], afterLoad: '/assets/after-load-d.js' });
    expect((await sent(shell, '/support?topic=x&utm_source=y')).body.toString()).toContain('<main>drawn /support</main>');
    const second = (await sent(shell, '/leaderboard?utm_source=y&page=2')).body.toString();
    expect(second).toContain('<main>drawn /leaderboard?page=2</main>');
    expect(second).toContain('<title>Drawn /leaderboard?page=2 | S</title>');
  });

  it('should send the plain shell for pages the browser draws, and for HEAD', async () => {
    const shell = shellOf({ pages: [], afterLoad: '/assets/after-load-d.js' });
    for (const [url, method] of [
      ['/dashboard', 'GET'],
      ['/reset-password?token=x', 'GET'],
      ['/support', 'HEAD'],
    ]) {
      expect([url, method, (await sent(shell, url, method)).body.toString()]).toEqual([url, method, INDEX]);
    }
  });
});
