// The embed pages (/embed/…): framable by the listed origins only (EMBED_ORIGINS, then the list an
// organizer saves, audited and effective at once), while every other page, API answer and file refuses
// any frame; drawn on the server with their data; their theme parameters never reach a style unchecked.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EmbedOrigins } from '#contract/site/answers.js';
import { EMBED_MESSAGES } from '#contract/site/messages.js';
import { linkBuiltClient } from '../helpers/built-client.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const FIRST = ['https://organizer.example.org', 'http://127.0.0.1:8181'];

/** The sources of the answer's frame-ancestors directive. */
const frameAncestors = (res: Response): string[] | undefined =>
  /(?:^|;)\s*frame-ancestors ([^;]*)/
    .exec(res.headers.get('content-security-policy') ?? '')?.[1]
    ?.trim()
    .split(/\s+/);

describe('embed pages', () => {
  let t: TestServer;
  let organizer: TestAccount;
  let moderator: TestAccount;
  let stars: TestAccount[];
  let groupId: number;

  const page = (p: string) => fetch(`${t.baseUrl}${p}`);
  const as = (who: TestAccount | null, method: string, p: string, body?: unknown) => call(t, method, p, who?.token ?? null, body);

  beforeAll(async () => {
    const cwd = await mkdtemp(path.join(process.env.TEST_ROOT ?? tmpdir(), 'embeds-'));
    await linkBuiltClient(cwd);
    t = await startTestServer({ SERVE_CLIENT: 'true', EMBED_ORIGINS: ` ${FIRST[0]}/ ,${FIRST[1]}` }, { cwd });
    [organizer] = await createAccounts(t, 'emb_org', 1, 'organizer');
    [moderator] = await createAccounts(t, 'emb_mod', 1, 'moderator');
    stars = await createAccounts(t, 'emb_star', 2);
    const contest = await insertContest(t, { name: 'Embed Cup', isCurrent: true, groupSizeCap: 4 });
    for (const s of stars) expect((await join(t, s, contest)).status).toBe(201);
    groupId = (await t.db.pool.query('SELECT id FROM groups WHERE contest_id = $1', [contest])).rows[0].id;
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = 7 WHERE profile_id = $1', [stars[0].profileId]);
  }, 180_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('should let the site itself and exactly the configured origins frame the embed pages, drawn with their data', async () => {
    const board = await page(`/embed/groups/${groupId}/leaderboard`);
    expect(board.status).toBe(200);
    expect(frameAncestors(board)).toEqual(["'self'", ...FIRST]);
    expect(board.headers.get('x-frame-options')).toBeNull();
    const html = await board.text();
    expect(html).toContain(stars[0].username);
    // No site header or footer in a frame.
    expect(html).not.toContain('<footer');

    const card = await page(`/embed/vote/${stars[0].username}?compact=1`);
    expect(card.status).toBe(200);
    expect(frameAncestors(card)).toEqual(["'self'", ...FIRST]);
    const drawn = await card.text();
    expect(drawn).toContain(`>${stars[0].username}</p>`);
    expect(drawn).toContain('data-compact="true"');
  });

  it("should answer every other page, the API and the files with frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    for (const p of [
      '/',
      '/leaderboard',
      `/profile/${stars[0].username}`,
      `/vote/${stars[0].profileId}`,
      // The checkout's own page (TEST MODE): payment pages are never framed.
      '/test-checkout/1',
      '/assets/no-such-file.js',
      '/admin/site',
      '/no-such-page',
      '/embedded',
      '/api/v1/site',
    ]) {
      const res = await page(p);
      expect({ p, ancestors: frameAncestors(res), xfo: res.headers.get('x-frame-options') }).toEqual({ p, ancestors: ["'none'"], xfo: 'DENY' });
    }
    // An embed address is a page only when read: nothing else under it is framable.
    const posted = await fetch(`${t.baseUrl}/embed/vote/${stars[0].username}`, { method: 'POST' });
    expect(frameAncestors(posted)).toEqual(["'none'"]);
  });

  it('should take only six hex digits as a colour, and never put a parameter into a style as written', async () => {
    const good = await (await page(`/embed/groups/${groupId}/leaderboard?accent=1D4ED8&bg=ffffff&text=111111`)).text();
    expect(good).toContain('--color-blood-500:#1d4ed8');
    expect(good).toContain('--color-night-950:#ffffff');
    expect(good).toContain('--color-bone-50:#111111');

    const hostile = encodeURIComponent('red;}</style><script>alert(1)</script>');
    const res = await page(`/embed/groups/${groupId}/leaderboard?accent=${hostile}&bg=${encodeURIComponent('#fff;background:url(x)')}&text=zzzzzz`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('url(x)');
    expect(html).not.toMatch(/--color-blood-500:(?!#[0-9a-f]{6})/);
    // Ignored: the page is drawn in the site's own look (no variables of its own on the embed's element).
    expect(html).not.toMatch(/<main[^>]*style=/);
  });

  it('should let organizers and owners replace the list (checked origins, audited, effective at once), and refuse others', async () => {
    expect((await as(moderator, 'GET', '/admin/site/embed-origins')).status).toBe(403);
    expect((await as(moderator, 'PUT', '/admin/site/embed-origins', { origins: [] })).status).toBe(403);
    expect((await as(null, 'GET', '/admin/site/embed-origins')).status).toBe(401);
    expect(await (await as(organizer, 'GET', '/admin/site/embed-origins')).json()).toEqual({ origins: FIRST, from_environment: true });

    for (const bad of ['https://*.example.org', 'https://organizer.example.org/embeds', 'organizer.example.org', "'self'", 'https://a.example;script-src']) {
      const refused = await as(organizer, 'PUT', '/admin/site/embed-origins', { origins: [bad] });
      expect(refused.status).toBe(422);
      expect(JSON.stringify(await refused.json())).toContain(EMBED_MESSAGES.originInvalid);
    }

    const saved = await as(organizer, 'PUT', '/admin/site/embed-origins', {
      origins: ['https://Fans.example.net/', 'https://fans.example.net', 'http://localhost:9000'],
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()) as EmbedOrigins).toEqual({ origins: ['https://fans.example.net', 'http://localhost:9000'], from_environment: false });
    expect(frameAncestors(await page(`/embed/vote/${stars[1].username}`))).toEqual(["'self'", 'https://fans.example.net', 'http://localhost:9000']);
    expect(frameAncestors(await page('/leaderboard'))).toEqual(["'none'"]);

    const { rows } = await t.db.pool.query(`SELECT actor_username, target_type, before, after FROM admin_audit_log WHERE action = 'site.embed_origins'`);
    expect(rows).toEqual([
      {
        actor_username: organizer.username,
        target_type: 'site',
        before: { origins: FIRST.join(', ') },
        after: { origins: 'https://fans.example.net, http://localhost:9000' },
      },
    ]);

    // An empty list: no other site may frame them (the site's own preview still may).
    expect((await as(organizer, 'PUT', '/admin/site/embed-origins', { origins: [] })).status).toBe(200);
    expect(frameAncestors(await page(`/embed/groups/${groupId}/leaderboard`))).toEqual(["'self'"]);
  });
});
