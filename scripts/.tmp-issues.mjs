import { chromium } from 'playwright-core';
const b = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const p = await b.newPage({ viewport: { width: 390, height: 844 } });
const cdp = await p.context().newCDPSession(p);
cdp.on('Audits.issueAdded', (e) => console.log(JSON.stringify(e.issue).slice(0, 800)));
await cdp.send('Audits.enable');
for (const u of process.argv.slice(2)) {
  console.log('==', u);
  await p.goto('http://127.0.0.1:3000' + u, { waitUntil: 'networkidle' });
  await p.waitForTimeout(1000);
}
await b.close();
