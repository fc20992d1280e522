// The server draws its pages in the visitor's language (common/http/request-locale.ts): the switcher's
// cookie, else Accept-Language, else English, with <html lang> saying which; the real build draws them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_RENDER_DATA_ID } from '#contract/site/constants.js';
import { messages as contractPtBR } from '#contract/locales/pt-BR/messages.js';
import { linkBuiltClient } from '../helpers/built-client.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('pages in the visitor language', () => {
  let t: TestServer;
  let cwd: string;

  const page = async (p: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.baseUrl}${p}`, { headers });
    return { status: res.status, vary: res.headers.get('vary') ?? '', html: await res.text() };
  };

  beforeAll(async () => {
    cwd = await mkdtemp(path.join(process.env.TEST_ROOT ?? tmpdir(), 'language-'));
    await linkBuiltClient(cwd);
    t = await startTestServer({ SERVE_CLIENT: 'true' }, { cwd });
  });
  afterAll(async () => {
    await t?.stop();
    await rm(cwd, { recursive: true, force: true });
  });

  it('should draw the landing page in English by default', async () => {
    const { status, html, vary } = await page('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('This Isn&#x27;t a Dream. It&#x27;s Your Horror Debut.');
    expect(html).toContain('LEADERBOARD');
    expect(vary).toMatch(/accept-language/);
    expect((await page('/')).html).toContain('<html lang="en">');
  });

  it('should draw it in Brazilian Portuguese for a browser that asks for it', async () => {
    const { status, html } = await page('/', { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.5' });
    expect(status).toBe(200);
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('Isto não é um sonho. É a sua estreia no terror.');
    expect(html).toContain('RANKING');
    expect(html).toContain('Português (Brasil)');
    expect(html).not.toContain('Your Horror Debut.</h1>');
  });

  it('should hand the browser only the texts the page was drawn with, never the whole catalog', async () => {
    const drawnData = (html: string) => {
      const block = new RegExp(`<script type="application/json" id="${SERVER_RENDER_DATA_ID}">([\\s\\S]*?)</script>`).exec(html)?.[1];
      return JSON.parse(block ?? 'null') as { messages?: Record<string, unknown> } | null;
    };
    const english = drawnData((await page('/', { 'accept-language': 'en' })).html);
    expect(english).not.toBeNull();
    expect(english?.messages).toBeUndefined();

    const { html } = await page('/', { 'accept-language': 'pt-BR' });
    const texts = drawnData(html)?.messages ?? {};
    const ids = Object.keys(texts);
    // The landing page's own texts are there, compiled as the catalog holds them…
    expect(ids.length).toBeGreaterThan(20);
    expect(Object.values(texts).some((text) => JSON.stringify(text).includes('Isto não é um sonho. É a sua estreia no terror.'))).toBe(true);
    // …and not the rest of the catalogs (about 1,600 texts): not even half of the contract's alone.
    expect(ids.length).toBeLessThan(Object.keys(contractPtBR).length / 2);
    for (const id of ids.filter((i) => Object.hasOwn(contractPtBR, i))) expect(texts[id]).toEqual(contractPtBR[id]);
  });

  it("should follow the switcher's cookie before the browser's languages", async () => {
    const chosen = await page('/', { cookie: 'locale=pt-BR', 'accept-language': 'en-US' });
    expect(chosen.html).toContain('<html lang="pt-BR">');
    expect(chosen.html).toContain('Isto não é um sonho. É a sua estreia no terror.');
    const back = await page('/', { cookie: 'locale=en', 'accept-language': 'pt-BR' });
    expect(back.html).toContain('<html lang="en">');
    expect(back.html).toContain('Your Horror Debut.');
  });

  it('should draw the not-found page and the shell of a page the browser draws in the language too', async () => {
    const missing = await page('/no/such/page', { 'accept-language': 'pt-BR' });
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<html lang="pt-BR">');
    expect(missing.html).toContain('404 - Página não encontrada. A página que você procura não existe.');
    const login = await page('/login', { cookie: 'locale=pt-BR' });
    expect(login.status).toBe(200);
    expect(login.html).toContain('<html lang="pt-BR">');
  });
});
