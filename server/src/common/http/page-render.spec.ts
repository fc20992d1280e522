import { describe, expect, it } from '@jest/globals';
import { SERVER_RENDER_DATA_ID } from '#contract/constants.js';
import { drawsPage, jsonForHtml, PageRenderer, type ServerRenderModule } from './page-render.js';

describe(drawsPage.name, () => {
  it('should draw the public pages people arrive on', () => {
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
    ]) {
      expect([url, drawsPage(url)]).toEqual([url, true]);
    }
  });

  it("should leave the forms, the owner's pages and the admin area to the browser", () => {
    for (const url of [
      '/login',
      '/register',
      '/dashboard',
      '/profile/basics',
      '/profile/Photos',
      '/admin',
      '/vote/x',
      '/leaderboard/group/x',
      '/no/such/page',
    ]) {
      expect([url, drawsPage(url)]).toEqual([url, false]);
    }
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

/** A drawing module that answers after `release()` and counts its calls. */
function module(html = '<main>page</main>') {
  const calls: string[] = [];
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise((resolve) => (release = resolve));
  };
  const mod: ServerRenderModule = {
    async render(url) {
      calls.push(url);
      await gate;
      return { html, data: { url } };
    },
  };
  return { mod, calls, hold, release: () => release() };
}

const warnings: string[] = [];
const logger = { warn: (message: string) => void warnings.push(message) };

describe(PageRenderer.name, () => {
  it('should draw a page once for many asking at once, and hand over its data in a JSON block', async () => {
    const { mod, calls } = module();
    const renderer = new PageRenderer(mod, fetch, 'http://site.test', logger);
    const pages = await Promise.all([renderer.page('/support'), renderer.page('/support'), renderer.page('/support')]);
    expect(calls).toEqual(['/support']);
    expect(pages[0]).toEqual({ html: '<main>page</main>', data: `<script type="application/json" id="${SERVER_RENDER_DATA_ID}">{"url":"/support"}</script>` });
    expect(pages[1]).toBe(pages[0]);
  });

  it('should not draw an address with a query, nor a page the browser draws', async () => {
    const { mod, calls } = module();
    const renderer = new PageRenderer(mod, fetch, 'http://site.test', logger);
    expect(await renderer.page('/support?topic=x')).toBeNull();
    expect(await renderer.page('/login')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('should send the plain shell while three drawings are in progress', async () => {
    const { mod, calls, hold, release } = module();
    hold();
    const renderer = new PageRenderer(mod, fetch, 'http://site.test', logger);
    const busy = [renderer.page('/vote/1'), renderer.page('/vote/2'), renderer.page('/vote/3')];
    expect(await renderer.page('/vote/4')).toBeNull();
    release();
    expect((await Promise.all(busy)).every((page) => page !== null)).toBe(true);
    expect(calls).toEqual(['/vote/1', '/vote/2', '/vote/3']);
    // Free again: the next address is drawn.
    expect(await renderer.page('/vote/4')).not.toBeNull();
  });

  it('should not send a drawing in which a part failed on the server, and say so', async () => {
    const { mod } = module('<main><!--$!--><template data-msg="boom"></template>Loading...<!--/$--></main>');
    const renderer = new PageRenderer(mod, fetch, 'http://site.test', logger);
    warnings.length = 0;
    expect(await renderer.page('/leaderboard')).toBeNull();
    expect(warnings).toEqual(['drawing /leaderboard failed: a part of the page failed on the server']);
  });
});
