// Debian's Chromium driven by playwright-core (no browser download: it runs /usr/bin/chromium).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through `npm run test:e2e`');
  return url;
};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  actOnceHydrated(page);
  return { context, page };
}

/** Until a page the server drew has hydrated (the page frame marks the document), or at once on any other page. */
export const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated') || !document.getElementById('server-render-data'));

/**
 * Makes `goto` and `reload` return once a page the server drew has hydrated, so a test acts on it as a
 * person does once it has loaded, not in the moment its scripts are still on their way (what a tap
 * does then is tested on its own in server-drawn-pages.e2e.ts).
 */
export function actOnceHydrated(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await hydrated(page);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await hydrated(page);
    return response;
  };
}
