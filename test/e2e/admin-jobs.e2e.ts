// The admin Jobs page in Chromium, on an app started as `npm start` starts it: a job that failed every
// attempt is listed with its error, Retry runs it once (its e-mail reaches the outbox), Discard asks
// first and removes the other; axe checks the page at both widths.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { ADMIN_JOB_MESSAGES as M } from '#contract/jobs/messages.js';
import { STORAGE_KEYS } from '#contract/auth/constants.js';
import { mailsTo, waitForMails } from '../helpers/accounts.js';
import { createAccounts, type TestAccount } from '../helpers/contest-fixtures.js';
import { npmStart, type NpmStartedApp } from '../helpers/npm-start.js';
import { atBothWidths, withAxe } from './support/axe.js';
import { actOnceHydrated, launchBrowser } from './support/browser.js';

describe('Admin Jobs page in the browser', () => {
  let app: NpmStartedApp | undefined;
  let browser: Browser;
  let admin: TestAccount;

  /** A job stored as the queue keeps one that failed every attempt. */
  const failedMail = async (to: string, error: string): Promise<string> => {
    const { rows } = await app!.db.pool.query(
      `INSERT INTO jobs (name, payload, attempts, run_at, last_error, failed_at) VALUES ('send-email', $1::jsonb, 5, 'infinity', $2, now()) RETURNING id::text`,
      [JSON.stringify({ to, subject: 'Your round results', text: 'You advanced.', html: '<p>You advanced.</p>' }), error],
    );
    return rows[0].id as string;
  };

  beforeAll(async () => {
    app = await npmStart({ SERVE_CLIENT: 'true' });
    [admin] = await createAccounts(app, 'jobs_e2e_admin', 1, 'admin');
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (app) await rm(app.dataDir, { recursive: true, force: true });
  }, 60_000);

  it('should list a failed job with its error, retry it once, discard another after confirming, and pass axe', async () => {
    const retried = await failedMail('jobs_e2e_retry@example.com', 'SMTP said 451: mailbox busy');
    const dropped = await failedMail('jobs_e2e_drop@example.com', 'SMTP said 550: no such mailbox');
    const context = await browser.newContext({ baseURL: app!.baseUrl, viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
    await withAxe(context);
    await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [STORAGE_KEYS.token, admin.token]);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    actOnceHydrated(page);

    await page.goto('/admin');
    await page.getByRole('navigation').getByRole('link', { name: 'Jobs' }).first().click();
    await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
    const failed = page.getByRole('table', { name: 'Failed jobs' });
    await failed.getByText('SMTP said 451: mailbox busy').waitFor();
    await expect(failed.getByRole('row').count()).resolves.toBe(3);
    await expect(
      page
        .getByRole('table', { name: 'Queues' })
        .getByRole('row', { name: /E-mail/ })
        .innerText(),
    ).resolves.toMatch(/\b2\b/);
    expect(await atBothWidths(page, '/admin/jobs')).toEqual([]);

    await page.getByRole('button', { name: `Retry Send an e-mail #${retried}` }).click();
    await page.getByText(M.retried).waitFor();
    await page.getByRole('button', { name: `Retry Send an e-mail #${retried}` }).waitFor({ state: 'detached' });
    await waitForMails(app!.dataDir, 'jobs_e2e_retry@example.com', 1);

    await page.getByRole('button', { name: `Discard Send an e-mail #${dropped}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard this job?' });
    expect(await atBothWidths(page, '/admin/jobs discard dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await page.getByText(M.noFailed).waitFor();
    expect(await mailsTo(app!.dataDir, 'jobs_e2e_retry@example.com')).toHaveLength(1);
    expect(await mailsTo(app!.dataDir, 'jobs_e2e_drop@example.com')).toEqual([]);
    await context.close();
  }, 120_000);
});
