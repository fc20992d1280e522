import { describe, expect, it } from '@jest/globals';
import { SERVER_RENDER_DATA_ID } from '#contract/site/constants.js';
import { drawingAddress, jsonForHtml, NOT_FOUND_ADDRESS, PageRenderer, type ServerRenderModule } from './page-render.js';
import { type ManifestRoute, RouteManifest } from './route-manifest.js';

/** A route table as the build writes it (the parts these tests use). */
const route = (pattern: string, draw: boolean, query: string[] = [], title: string | null = null): ManifestRoute => ({
  pattern,
  draw,
  query,
  title,
  scripts: [],
});
const MANIFEST = new RouteManifest(
  [
    route('/', true, [], 'Your Horror Debut'),
    route('/login', false, [], 'Sign In'),
    route('/register', false, [], 'Register'),
    route('/reset-password', false, [], 'Reset Password'),
    route('/vote/:profileId', true, ['type', 'amount', 'price']),
    route('/support', true, [], 'Support'),
    route('/contact-support', true, [], 'Support'),
    route('/leaderboard', true, ['page'], 'Leaderboard'),
    route('/leaderboard/group/:groupId', true, ['page'], 'Leaderboard'),
    route('/profile/:username', true),
    route('/profile/2025/:username', true),
    route('/about-us', true, [], 'About Us'),
    route('/competitions/:id', true),
    route('*', true, [], 'Page Not Found'),
    route('/dashboard', false, [], 'Dashboard'),
    route('/profile/basics', false, [], 'Profile Basics'),
    route('/profile/photos', false, [], 'Your Profile Photos'),
    route('/admin', false, [], 'Admin Dashboard'),
    route('/admin/*', false, [], 'Page Not Found'),
  ],
  '/assets/after-load-d.js',
);

describe(RouteManifest.name, () => {
  it('should draw the public pages people arrive on, and the not-found page of a path that is no page', () => {
    for (const url of [
      '/',
      '/leaderboard',
      '/leaderboard/group/3',
      '/profile/vivienne.crane',
      '/profile/2025/a.b',
      '/vote/7',
      '/support',
      '/contact-support',
      '/about-us',
      '/competitions/2',
      '/no/such/page',
    ]) {
      expect([url, MANIFEST.match(url)?.route.draw]).toEqual([url, true]);
    }
  });

  it("should leave the forms, the owner's pages and the admin area to the browser, as the client's router ranks them", () => {
    for (const url of ['/login', '/register', '/dashboard', '/profile/basics', '/profile/Photos', '/admin', '/admin/no/such/page']) {
      expect([url, MANIFEST.match(url)?.route.draw]).toEqual([url, false]);
    }
  });

  it('should know the pages of the table, and not a path only the catch-all matches', () => {
    for (const url of ['/', '/login', '/profile/vera', '/profile/basics', '/admin']) expect([url, MANIFEST.match(url)?.known]).toEqual([url, true]);
    for (const url of ['/no-such-page', '/metrics', '/healthz', '/admin/nope', '/profile/a/b']) expect([url, MANIFEST.match(url)?.known]).toEqual([url, false]);
  });

  it('should take a profile path that is not valid percent-encoding as a name, not fail', () => {
    expect(MANIFEST.match('/profile/%E0%A4%A')?.route.pattern).toBe('/profile/:username');
  });
});

describe(drawingAddress.name, () => {
  it("should keep only the page's own parameters, first value each, in a fixed order", () => {
    const own = ['type', 'amount', 'price'];
    expect(drawingAddress('/vote/1', own)).toBe('/vote/1');
    expect(drawingAddress('/vote/1?type=free', own)).toBe('/vote/1?type=free');
    expect(drawingAddress('/vote/1?utm_source=x&amount=5&type=other&fbclid=y', own)).toBe('/vote/1?amount=5&type=other');
    expect(drawingAddress('/vote/1?type=2&type=free', own)).toBe('/vote/1?type=2');
    expect(drawingAddress('/vote/1?type=&amount=', own)).toBe('/vote/1');
    expect(drawingAddress('/vote/1?type=a%20b', own)).toBe('/vote/1?type=a+b');
  });

  it('should draw an address with only tracking tags, or a payment return, as its bare path', () => {
    expect(drawingAddress('/?utm_source=x&utm_medium=y', [])).toBe('/');
    expect(drawingAddress('/profile/vivienne.crane?payment=success&session_id=cs_1', [])).toBe('/profile/vivienne.crane');
    expect(drawingAddress('/leaderboard?', ['page'])).toBe('/leaderboard');
  });
});

describe(jsonForHtml.name, () => {
  it('should keep data from closing its block or opening a comment, and read back the same', () => {
    const value = { bio: '</script><script>alert(1)</script><!--' };
    const json = jsonForHtml(value);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(value);
  });
});

/** A drawing module that draws after `release()` and counts its calls (drawings in `calls`, heads alone in `heads`). */
function module(html = '<main>page</main>', title: string | null = '<title>Page | S</title>', head: string | null = null, status = 200) {
  const calls: string[] = [];
  const heads: string[] = [];
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise((resolve) => (release = resolve));
  };
  const mod: ServerRenderModule = {
    async render(url) {
      calls.push(url);
      await gate;
      return { html, title, data: { url }, head, status };
    },
    async head(url) {
      heads.push(url);
      return { head, status };
    },
  };
  return { mod, calls, heads, hold, release: () => release() };
}

const warnings: string[] = [];
const logger = { warn: (message: string) => void warnings.push(message) };

describe(PageRenderer.name, () => {
  it('should draw a page once for many asking at once, and hand over its data in a JSON block and its title', async () => {
    const { mod, calls } = module();
    const renderer = new PageRenderer(mod, MANIFEST, fetch, 'http://site.test', logger);
    const pages = await Promise.all([renderer.page('/support'), renderer.page('/support'), renderer.page('/support')]);
    expect(calls).toEqual(['/support']);
    expect(pages[0]).toEqual({
      html: '<main>page</main>',
      data: `<script type="application/json" id="${SERVER_RENDER_DATA_ID}">{"url":"/support"}</script>`,
      title: '<title>Page | S</title>',
      head: null,
      status: 200,
    });
    expect(pages[1]).toBe(pages[0]);
  });

  it('should put nothing but a <title> element into the head', async () => {
    for (const title of ['<title>x</title><script>alert(1)</script>', '<script>alert(1)</script>', null]) {
      const renderer = new PageRenderer(module('<main>page</main>', title).mod, MANIFEST, fetch, 'http://site.test', logger);
      expect((await renderer.page('/support'))?.title).toBeNull();
    }
  });

  it("should draw an address with a query by the page's own parameters, and share the bare drawing for any other", async () => {
    const { mod, calls } = module();
    const renderer = new PageRenderer(mod, MANIFEST, fetch, 'http://site.test', logger);
    const home = await renderer.page('/');
    expect(await renderer.page('/?utm_source=newsletter')).toBe(home);
    const second = await renderer.page('/leaderboard?page=2&utm_source=x');
    expect(await renderer.page('/leaderboard?utm_campaign=y&page=2')).toBe(second);
    expect(await renderer.page('/leaderboard')).not.toBe(second);
    const free = await renderer.page('/vote/1?type=free');
    expect(await renderer.page('/vote/1?type=2')).not.toBe(free);
    expect(calls).toEqual(['/', '/leaderboard?page=2', '/leaderboard', '/vote/1?type=free', '/vote/1?type=2']);
  });

  it('should not draw a page the browser draws, with or without a query', async () => {
    const { mod, calls } = module();
    const renderer = new PageRenderer(mod, MANIFEST, fetch, 'http://site.test', logger);
    expect(await renderer.page('/login')).toBeNull();
    expect(await renderer.page('/reset-password?token=x')).toBeNull();
    expect(await renderer.page('/profile/basics?x=1')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('should draw every path that is no page as one drawing of the not-found page', async () => {
    const { mod, calls } = module();
    const renderer = new PageRenderer(mod, MANIFEST, fetch, 'http://site.test', logger);
    const first = await renderer.page('/no-such-page');
    expect(first).not.toBeNull();
    expect(await renderer.page('/wp-login.php?x=1')).toBe(first);
    expect(await renderer.page('/a/b/c')).toBe(first);
    expect(calls).toEqual([NOT_FOUND_ADDRESS]);
  });

  it('should keep at most eight variants of a path with a query at once, beside the bare path, for as long as a drawing lives', async () => {
    let now = 1_000_000;
    const { mod, calls } = module();
    const renderer = new PageRenderer(mod, MANIFEST, fetch, 'http://site.test', logger, () => now);
    for (let page = 2; page <= 9; page++) expect(await renderer.page(`/leaderboard?page=${page}`)).not.toBeNull();
    // Made-up values beyond that go to the browser; the variants already kept and the bare path are still drawn.
    expect(await renderer.page('/leaderboard?page=12345')).toBeNull();
    expect(await renderer.page('/leaderboard?page=5&utm_source=x')).not.toBeNull();
    expect(await renderer.page('/leaderboard')).not.toBeNull();
    expect(calls).toHaveLength(9);
    // Another path counts on its own.
    expect(await renderer.page('/vote/1?type=free')).not.toBeNull();
    // Once the kept ones are past a drawing's lifetime (fresh 2 s, then 30 s stale), new ones take their place.
    now += 32_001;
    expect(await renderer.page('/leaderboard?page=12345')).not.toBeNull();
    expect(calls).toContain('/leaderboard?page=12345');
  });

  it('should make only the head of a page while three drawings are in progress, and not keep it', async () => {
    const { mod, calls, heads, hold, release } = module('<main>page</main>', '<title>P</title>', '<meta name="description" content="x" />', 404);
    hold();
    const renderer = new PageRenderer(mod, MANIFEST, fetch, 'http://site.test', logger);
    const busy = [renderer.page('/vote/1'), renderer.page('/vote/2'), renderer.page('/vote/3')];
    // The browser draws this one, but it comes with its route's head and status.
    expect(await renderer.page('/vote/4')).toEqual({ html: null, data: '', title: null, head: '<meta name="description" content="x" />', status: 404 });
    release();
    expect((await Promise.all(busy)).every((page) => page?.html === '<main>page</main>')).toBe(true);
    expect([calls, heads]).toEqual([['/vote/1', '/vote/2', '/vote/3'], ['/vote/4']]);
    // Free again: the next address is drawn.
    expect((await renderer.page('/vote/4'))?.html).toBe('<main>page</main>');
  });

  it("should pass on a route's <meta> and <link> elements and its 404, and nothing else", async () => {
    const head = '<meta property="og:title" content="Vera" />\n    <link rel="canonical" href="https://x.test/profile/vera" />';
    const page = await new PageRenderer(module('<main>page</main>', null, head, 404).mod, MANIFEST, fetch, 'http://site.test', logger).page('/profile/vera');
    expect([page?.head, page?.status]).toEqual([head, 404]);
    for (const bad of ['<script>alert(1)</script>', '<meta name="x" content="y" /><title>t</title>', '<meta name="x" content="<b>" />']) {
      const drawn = await new PageRenderer(module('<main>page</main>', null, bad, 500).mod, MANIFEST, fetch, 'http://site.test', logger).page('/profile/vera');
      expect([bad, drawn?.head, drawn?.status]).toEqual([bad, null, 200]);
    }
  });

  it('should make and keep only heads when pages are not drawn (SERVER_RENDER off)', async () => {
    const { mod, calls, heads } = module('<main>page</main>', null, '<meta name="description" content="x" />');
    const renderer = new PageRenderer(mod, MANIFEST, fetch, 'http://site.test', logger, Date.now, false);
    const first = await renderer.page('/profile/vera');
    expect(first).toEqual({ html: null, data: '', title: null, head: '<meta name="description" content="x" />', status: 200 });
    expect(await renderer.page('/profile/vera?payment=cancel')).toBe(first);
    expect([calls, heads]).toEqual([[], ['/profile/vera']]);
  });

  it('should not send a drawing in which a part failed on the server, and say so (the page goes with its head alone)', async () => {
    const { mod, heads } = module('<main><!--$!--><template data-msg="boom"></template>Loading...<!--/$--></main>');
    const renderer = new PageRenderer(mod, MANIFEST, fetch, 'http://site.test', logger);
    warnings.length = 0;
    expect((await renderer.page('/leaderboard'))?.html).toBeNull();
    expect(heads).toEqual(['/leaderboard']);
    expect(warnings).toEqual(['drawing /leaderboard failed: a part of the page failed on the server']);
  });
});
