// A restart in the final is a non-event: a fan's browser follows a group's leaderboard while the server
// (`npm start`, its embedded PostgreSQL included) is stopped as Ctrl-C stops it and started again on the
// same data and port. Meanwhile the page stays as it was and says "reconnecting…"; once the server is
// back the page reconnects by itself, the word goes, and another browser's vote moves it without a reload.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { LIVE_STATUS_MESSAGES } from '#contract/live/events.js';
import { npmStart, type NpmStartedApp } from '../helpers/npm-start.js';
import { actOnceHydrated, launchBrowser } from './support/browser.js';

/** A running contest with one group of two verified contestants, written straight into the app's database. */
async function seedGroup(app: NpmStartedApp): Promise<{ groupId: number; star: string; rival: string }> {
  const c = await app.db.pool.connect();
  try {
    await c.query('BEGIN');
    const {
      rows: [contest],
    } = await c.query<{ id: number }>(
      `INSERT INTO contests (name, description, start_date, end_date, is_active, is_current)
       VALUES ('Restart Night', 'a restart in the final', now() - interval '1 hour', now() + interval '7 days', true, true) RETURNING id`,
    );
    const {
      rows: [group],
    } = await c.query<{ id: number }>(`INSERT INTO groups (contest_id, group_number, current_contestants_count) VALUES ($1, 1, 2) RETURNING id`, [contest.id]);
    for (const username of ['restart_star', 'restart_rival']) {
      const {
        rows: [user],
      } = await c.query<{ id: number }>(
        `INSERT INTO users (username, email, password_hash, first_name, last_name, is_competitor, is_verified)
         VALUES ($1, $2, 'not-a-hash', 'Restart', 'Contestant', true, true) RETURNING id`,
        [username, `${username}@example.com`],
      );
      const {
        rows: [profile],
      } = await c.query<{ id: number }>(`INSERT INTO contestant_profiles (user_id, category) VALUES ($1, 'Scream Queens') RETURNING id`, [user.id]);
      await c.query('INSERT INTO contest_entries (user_id, profile_id, contest_id, group_id) VALUES ($1, $2, $3, $4)', [
        user.id,
        profile.id,
        contest.id,
        group.id,
      ]);
    }
    await c.query('COMMIT');
    return { groupId: group.id, star: 'restart_star', rival: 'restart_rival' };
  } catch (err) {
    await c.query('ROLLBACK');
    throw err;
  } finally {
    c.release();
  }
}

/** The leaderboard card of one contestant (cards are links to the profile). */
const card = (page: Page, username: string): Locator => page.getByTestId('leaderboard-card').filter({ hasText: `@${username}` });

describe('Live updates across a server restart', () => {
  let browser: Browser;
  let app: NpmStartedApp | null = null;
  const contexts: BrowserContext[] = [];

  const open = async (): Promise<Page> => {
    const context = await browser.newContext({ baseURL: app!.baseUrl, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    actOnceHydrated(page);
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    app = await npmStart({ SERVE_CLIENT: 'true', LOG_LEVEL: 'warn' });
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app?.stop();
  });

  it('should keep a page that follows a group working after the server restarts: reconnecting… meanwhile, then live again', async () => {
    const { groupId, star, rival } = await seedGroup(app!);
    const watcher = await open();
    await watcher.goto(`/leaderboard/group/${groupId}`);
    await card(watcher, star).getByText('0 votes').waitFor();
    await card(watcher, rival).getByText('0 votes').waitFor();
    const reconnecting = watcher.getByText(LIVE_STATUS_MESSAGES.reconnecting);
    expect(await reconnecting.count()).toBe(0);

    // Stopped as Ctrl-C stops it: the page keeps what it shows and says it is reconnecting.
    const { env, dataDir } = app!;
    await app!.stop();
    app = null;
    await reconnecting.waitFor();
    await card(watcher, star).getByText('0 votes').waitFor();

    // Started again on the same data and port.
    app = await npmStart(env, { dataDir });
    await reconnecting.waitFor({ state: 'detached' });

    // Another browser's vote moves the watcher's page without a reload.
    const fan = await open();
    await fan.goto(`/profile/${star}`);
    await fan.getByRole('button', { name: 'Cast Your Free Vote' }).click();
    await fan.getByText('Your vote has been counted!').waitFor();
    await card(watcher, star).getByText('1 vote', { exact: true }).waitFor();
    await card(watcher, rival).getByText('#2').waitFor();
    const {
      rows: [stored],
    } = await app.db.pool.query<{ votes: number }>(
      'SELECT e.current_contest_votes AS votes FROM contest_entries e JOIN users u ON u.id = e.user_id WHERE u.username = $1',
      [star],
    );
    expect(stored.votes).toBe(1);
  }, 300_000);
});
