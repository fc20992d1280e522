import { chromium } from 'playwright-core';
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const ctx = await b.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
for (const u of process.argv.slice(2)) {
  const p = await ctx.newPage();
  await p.addInitScript(() => {
    window.__lcp = [];
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        window.__lcp.push({
          t: Math.round(e.startTime),
          tag: e.element?.tagName,
          cls: e.element?.className?.toString().slice(0, 60),
          text: e.element?.textContent?.slice(0, 40),
          url: e.url?.slice(-50),
          size: e.size,
        });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await p.goto('http://127.0.0.1:3000' + u, { waitUntil: 'networkidle' });
  await p.waitForTimeout(500);
  console.log('==', u, JSON.stringify(await p.evaluate(() => window.__lcp), null, 0));
  await p.close();
}
await b.close();
