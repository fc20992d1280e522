import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { CATEGORIES } from '#contract/profiles/constants.js';
import type { ContestCountdown } from '#contract/contests/answers.js';
import { verifyPassword } from '#server/modules/auth/password.js';
import { DEMO_BANNER_TITLE } from '#server/seed/credentials-banner.js';
import { DEMO_ADMIN_EMAIL, DEMO_CONTESTANT_PASSWORD, DEMO_CONTESTANTS, DEMO_EMAIL_DOMAIN, DEMO_STAFF } from '#server/seed/demo-contestants.js';
import {
  DEMO_ADVANCE_PER_GROUP,
  DEMO_CURRENT_CONTEST,
  DEMO_FIRST_CUT_DAYS,
  DEMO_GROUP_SIZE,
  DEMO_UPCOMING_CONTEST,
  DEMO_WINNERS,
} from '#server/seed/demo-contests.js';
import {
  DEMO_COOKING_CATEGORIES,
  DEMO_COOKING_CONTEST,
  DEMO_COOKING_CURRENCY,
  DEMO_COOKING_DONATION_VOTE_PRICE,
  DEMO_COOKING_PACKAGES,
  DEMO_COOKS,
} from '#server/seed/demo-cooking.js';
import { DEMO_PACKAGES } from '#server/modules/vote-packages/vote-offer.service.js';
import { createTestDatabase, createTestDataDir, startTestServer, type TestDatabase, type TestServer } from '../helpers/test-app.js';

interface ContestantRow {
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  phone_number: string;
  instagram: string;
  tiktok: string;
  is_verified: boolean;
  is_superuser: boolean;
  category: string;
  biography: string;
  pictures_urls: string[];
  horror_passion: string;
  character_qualities: string;
  dreams_and_goals: string;
  ideal_horror_role: string;
  total_votes: number;
  profile_views: number;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;
const storedPictures = async (dataDir: string) => readdir(path.join(dataDir, 'uploads/profiles')).catch(() => [] as string[]);

describe('demo seed', () => {
  let db: TestDatabase;
  let dataDir: string;
  let t: TestServer;
  /** The horror contestants; `cooks` are the cooking festival's, `profiles` both. */
  let contestants: ContestantRow[];
  let cooks: ContestantRow[];
  let profiles: ContestantRow[];

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = await createTestDataDir();
    t = await startTestServer({ SEED_DEMO: 'true' }, { db, dataDir });
    profiles = (
      await db.pool.query<ContestantRow>(
        `SELECT u.*, p.*, a.* FROM users u JOIN contestant_profiles p ON p.user_id = u.id
         LEFT JOIN LATERAL (
           SELECT max(x.answer) FILTER (WHERE q.key = 'horror_passion') AS horror_passion,
                  max(x.answer) FILTER (WHERE q.key = 'character_qualities') AS character_qualities,
                  max(x.answer) FILTER (WHERE q.key = 'dreams_and_goals') AS dreams_and_goals,
                  max(x.answer) FILTER (WHERE q.key = 'ideal_horror_role') AS ideal_horror_role
           FROM profile_answers x JOIN profile_questions q ON q.id = x.question_id WHERE x.profile_id = p.id
         ) a ON true
         WHERE u.is_competitor ORDER BY u.id`,
      )
    ).rows;
    contestants = profiles.filter((c) => (CATEGORIES as readonly string[]).includes(c.category));
    cooks = profiles.filter((c) => (DEMO_COOKING_CATEGORIES as readonly string[]).includes(c.category));
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
    await db?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('should seed about 20 verified contestants with filled profiles on a first start', () => {
    expect(contestants).toHaveLength(DEMO_CONTESTANTS.length);
    expect(contestants.length).toBeGreaterThanOrEqual(18);
    for (const c of contestants) {
      expect(c).toMatchObject({ is_verified: true, is_superuser: false, locale: 'en' });
      expect(c.first_name).not.toBe('');
      expect(c.phone_number).toMatch(/^\d{10}$/);
      expect(c.instagram).toBe(`https://instagram.com/${c.username}`);
      expect(c.tiktok).toBe(`https://tiktok.com/@${c.username}`);
      for (const text of [c.biography, c.horror_passion, c.character_qualities, c.dreams_and_goals, c.ideal_horror_role]) {
        expect(text.length).toBeGreaterThan(20);
      }
      expect(c.pictures_urls.length).toBeGreaterThanOrEqual(1);
      expect(c.pictures_urls.length).toBeLessThanOrEqual(3);
      for (const url of c.pictures_urls) expect(url).toMatch(/^\/uploads\/profiles\/[0-9a-f-]{36}\.jpg$/);
    }
    expect(new Set(contestants.map((c) => c.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(contestants.map((c) => c.total_votes)).size).toBe(contestants.length);
    expect(contestants.every((c) => c.profile_views > c.total_votes)).toBe(true);
  });

  it('should serve every seeded picture as a long-cached JPEG under 100 KB', async () => {
    const urls = profiles.flatMap((c) => c.pictures_urls);
    expect(urls.length).toBeGreaterThan(contestants.flatMap((c) => c.pictures_urls).length);
    expect(await storedPictures(dataDir)).toHaveLength(urls.length);
    for (const url of urls) {
      const res = await fetch(t.baseUrl + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toContain('max-age=31536000');
      const bytes = (await res.arrayBuffer()).byteLength;
      expect(bytes).toBeGreaterThan(1000);
      expect(bytes).toBeLessThan(100 * 1024);
    }
  });

  it('should create the demo admin, an owner, and print its credentials exactly once', async () => {
    expect(occurrences(t.output(), DEMO_BANNER_TITLE)).toBe(1);
    const admin = (await db.pool.query(`SELECT * FROM users WHERE staff_role = 'owner'`)).rows;
    expect(admin).toHaveLength(1);
    expect(admin[0]).toMatchObject({ username: 'admin', email: DEMO_ADMIN_EMAIL, is_superuser: true, is_verified: true, is_competitor: false });
    const printed = /password {2}(\S+)/.exec(t.output().slice(t.output().indexOf(DEMO_BANNER_TITLE)))?.[1];
    expect(printed).toBeDefined();
    expect(await verifyPassword(admin[0].password_hash, printed!)).toBe(true);
  });

  it('should create a demo organizer and a demo moderator, each with a password of its own printed once in the banner', async () => {
    const staff = (await db.pool.query(`SELECT * FROM users WHERE staff_role IN ('organizer', 'moderator') ORDER BY id`)).rows;
    expect(staff.map((u) => [u.username, u.email, u.staff_role])).toEqual([
      ['organizer', `organizer@${DEMO_EMAIL_DOMAIN}`, 'organizer'],
      ['moderator', `moderator@${DEMO_EMAIL_DOMAIN}`, 'moderator'],
    ]);
    expect(staff.map((u) => u.username)).toEqual(DEMO_STAFF.map((s) => s.username));
    const passwords = new Set<string>();
    for (const user of staff) {
      expect(user).toMatchObject({ is_superuser: true, is_verified: true, is_competitor: false });
      const banner = t.output().slice(t.output().indexOf(`Demo ${user.staff_role}`));
      expect(occurrences(t.output(), `Demo ${user.staff_role}`)).toBe(1);
      const printed = /password {2}(\S+)/.exec(banner)?.[1];
      expect(printed).toBeDefined();
      expect(await verifyPassword(user.password_hash, printed!)).toBe(true);
      expect(await verifyPassword(user.password_hash, DEMO_CONTESTANT_PASSWORD)).toBe(false);
      passwords.add(printed!);
    }
    expect(passwords.size).toBe(2);
  });

  it('should give the demo contestants the documented shared password', async () => {
    expect(t.output()).toContain(DEMO_CONTESTANT_PASSWORD);
    expect(await verifyPassword(contestants[0].password_hash, DEMO_CONTESTANT_PASSWORD)).toBe(true);
    expect(await verifyPassword(contestants[contestants.length - 1].password_hash, DEMO_CONTESTANT_PASSWORD)).toBe(true);
  });

  it('should place every demo contestant in a running current contest, filling groups in join order, and add an upcoming one', async () => {
    const contests = (
      await db.pool.query(
        `SELECT name, is_active, is_current, group_size_cap, start_date < now() AS started, end_date > now() + interval '20 days' AS far_end
         FROM contests ORDER BY start_date`,
      )
    ).rows;
    expect(contests).toEqual([
      { name: DEMO_CURRENT_CONTEST, is_active: true, is_current: true, group_size_cap: DEMO_GROUP_SIZE, started: true, far_end: true },
      { name: DEMO_COOKING_CONTEST, is_active: true, is_current: false, group_size_cap: null, started: true, far_end: true },
      { name: DEMO_UPCOMING_CONTEST, is_active: true, is_current: false, group_size_cap: null, started: false, far_end: true },
    ]);
    const entries = (
      await db.pool.query(
        `SELECT u.username, g.group_number, e.current_contest_votes, p.total_votes
         FROM contest_entries e JOIN users u ON u.id = e.user_id JOIN groups g ON g.id = e.group_id
         JOIN contestant_profiles p ON p.id = e.profile_id JOIN contests c ON c.id = e.contest_id WHERE c.is_current ORDER BY e.id`,
      )
    ).rows;
    expect(entries.map((e) => e.username)).toEqual(DEMO_CONTESTANTS.map((c) => c.username));
    expect(entries.map((e) => e.group_number)).toEqual(DEMO_CONTESTANTS.map((_, i) => Math.floor(i / DEMO_GROUP_SIZE) + 1));
    for (const e of entries) expect(e.current_contest_votes).toBe(e.total_votes);
    // Every seeded vote is in the ledger, spread over the days since the contest began, more of them lately.
    const ledger = (
      await db.pool.query(
        `SELECT e.id, e.current_contest_votes, count(v.id)::int AS rows, coalesce(sum(v.weight), 0)::int AS votes,
                bool_and(v.created_at >= c.start_date AND v.created_at <= now()) AS in_contest,
                count(DISTINCT date_trunc('day', v.created_at))::int AS days,
                count(*) FILTER (WHERE v.created_at > now() - (now() - c.start_date) / 2)::int AS late
         FROM contest_entries e JOIN contests c ON c.id = e.contest_id LEFT JOIN votes v ON v.entry_id = e.id
         WHERE c.is_current GROUP BY e.id, c.start_date ORDER BY e.id`,
      )
    ).rows;
    for (const l of ledger) {
      expect({ entry: l.id, votes: l.votes, in_contest: l.in_contest }).toEqual({ entry: l.id, votes: l.current_contest_votes, in_contest: true });
      expect(l.days).toBeGreaterThanOrEqual(10);
      expect(l.late).toBeGreaterThan(l.rows / 2);
    }
    const { rows: kinds } = await db.pool.query('SELECT DISTINCT kind, voter_hash, network_hash FROM votes');
    expect(kinds).toEqual([{ kind: 'free', voter_hash: null, network_hash: null }]);
    const groups = (
      await db.pool.query(
        'SELECT g.group_number, g.current_contestants_count AS n FROM groups g JOIN contests c ON c.id = g.contest_id WHERE c.is_current ORDER BY g.group_number',
      )
    ).rows;
    expect(groups.map((g) => g.n)).toEqual([1, 2, 3].map((n) => entries.filter((e) => e.group_number === n).length));
    const countdown = await fetch(`${t.api}/admin/current-contest/countdown`);
    expect(((await countdown.json()) as { contest_name: string }).contest_name).toBe(DEMO_CURRENT_CONTEST);
  });

  it('should give the running contest two rounds, the first cut within the week, with its cut queued', async () => {
    const countdown = (await (await fetch(`${t.api}/admin/current-contest/countdown`)).json()) as ContestCountdown;
    expect(countdown.current_round).toBe(1);
    expect(countdown.rounds.map((r) => [r.name, r.state, r.advance_per_group])).toEqual([
      ['Group stage', 'running', DEMO_ADVANCE_PER_GROUP],
      ['Final', 'upcoming', null],
    ]);
    const firstCutIn = Date.parse(countdown.rounds[0].ends_at) - Date.now();
    expect(firstCutIn).toBeGreaterThan((DEMO_FIRST_CUT_DAYS - 1) * 86_400_000);
    expect(firstCutIn).toBeLessThan(7 * 86_400_000);
    expect(countdown.end_date).toBe(countdown.rounds[1].ends_at);
    const { rows } = await db.pool.query(
      `SELECT c.winners, count(j.id)::int AS cuts FROM contests c LEFT JOIN jobs j ON j.name = 'close-round' WHERE c.is_current GROUP BY c.winners`,
    );
    expect(rows).toEqual([{ winners: DEMO_WINNERS, cuts: 2 }]);
  });

  it('should run a cooking festival beside the horror season: its own categories, cooks and vote packages in reais, texts in Portuguese', async () => {
    const festival = (
      await db.pool.query(
        `SELECT id, description, categories, currency, donation_vote_price, time_zone, is_current,
                start_date < now() AS started, end_date > now() AS running
         FROM contests WHERE name = $1`,
        [DEMO_COOKING_CONTEST],
      )
    ).rows;
    expect(festival).toHaveLength(1);
    expect(festival[0]).toMatchObject({
      categories: [...DEMO_COOKING_CATEGORIES],
      currency: DEMO_COOKING_CURRENCY,
      donation_vote_price: DEMO_COOKING_DONATION_VOTE_PRICE,
      time_zone: 'America/Sao_Paulo',
      is_current: false,
      started: true,
      running: true,
    });
    expect(festival[0].description).toMatch(/doces, salgados e comida de rua/);

    // The cooks: verified, in the festival's categories, with pictures, each placed in it with their votes in the ledger.
    expect(cooks.map((c) => c.username)).toEqual(DEMO_COOKS.map((c) => c.username));
    expect(new Set(cooks.map((c) => c.category))).toEqual(new Set(DEMO_COOKING_CATEGORIES));
    for (const c of cooks) {
      // Brazilian cooks: their e-mails come in Portuguese.
      expect(c).toMatchObject({ is_verified: true, is_superuser: false, locale: 'pt-BR' });
      expect(c.pictures_urls.length).toBeGreaterThanOrEqual(1);
      expect(c.biography.length).toBeGreaterThan(20);
    }
    const entries = (
      await db.pool.query(
        `SELECT u.username, e.current_contest_votes AS votes, p.total_votes, coalesce(sum(v.weight), 0)::int AS ledger
         FROM contest_entries e JOIN users u ON u.id = e.user_id JOIN contestant_profiles p ON p.id = e.profile_id
         LEFT JOIN votes v ON v.entry_id = e.id WHERE e.contest_id = $1
         GROUP BY e.id, u.username, p.total_votes ORDER BY e.id`,
        [festival[0].id],
      )
    ).rows;
    expect(entries.map((e) => e.username)).toEqual(DEMO_COOKS.map((c) => c.username));
    for (const e of entries) expect([e.votes, e.ledger]).toEqual([e.total_votes, e.total_votes]);

    // Its packages in centavos, after the site's four (whose ids the pages' links carry), which stay in dollars.
    const packages = (
      await db.pool.query(`SELECT id, contest_id, votes, bonus, price_minor FROM vote_packages WHERE NOT retired ORDER BY contest_id NULLS FIRST, position`)
    ).rows;
    expect(packages.filter((p) => p.contest_id === null)).toEqual(DEMO_PACKAGES.map((p) => ({ ...p, contest_id: null })));
    const own = packages.filter((p) => p.contest_id === festival[0].id);
    expect(own.map(({ votes, bonus, price_minor }) => ({ votes, bonus, price_minor }))).toEqual(DEMO_COOKING_PACKAGES);
    expect(Math.min(...own.map((p) => p.id))).toBeGreaterThan(Math.max(...DEMO_PACKAGES.map((p) => p.id)));

    // The site's offer stays the demo's, in dollars, with the horror categories; the festival's own is in reais.
    const site = (await (await fetch(`${t.api}/site`)).json()) as { categories: string[]; vote_offer: { currency: string; packages: { id: number }[] } };
    expect(site.categories).toEqual([...CATEGORIES]);
    expect(site.vote_offer.currency).toBe('USD');
    expect(site.vote_offer.packages.map((p) => p.id)).toEqual(DEMO_PACKAGES.map((p) => p.id));
    const open = (await (await fetch(`${t.api}/contests/all-contests`)).json()) as { name: string; effective_categories: string[] }[];
    expect(open.find((c) => c.name === DEMO_COOKING_CONTEST)?.effective_categories).toEqual([...DEMO_COOKING_CATEGORIES]);

    // Once an organizer makes the festival the current contest, a cook's profile sells its packages in reais.
    const password = /password {2}(\S+)/.exec(t.output().slice(t.output().indexOf(DEMO_BANNER_TITLE)))![1];
    const login = await fetch(`${t.api}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const made = await fetch(`${t.api}/admin/contests/${festival[0].id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ is_current: true }),
    });
    expect(made.status).toBe(200);
    const profile = (await (await fetch(`${t.api}/contestants/${DEMO_COOKS[0].username}/`)).json()) as {
      vote_offer: { currency: string; donation_vote_price: number; packages: { votes: number; bonus: number; price_minor: number }[] } | null;
    };
    expect(profile.vote_offer).toMatchObject({ currency: 'BRL', donation_vote_price: DEMO_COOKING_DONATION_VOTE_PRICE });
    expect(profile.vote_offer?.packages.map(({ votes, bonus, price_minor }) => ({ votes, bonus, price_minor }))).toEqual(DEMO_COOKING_PACKAGES);
  });

  it('should neither seed again nor print the credentials when restarted on the same database', async () => {
    const users = (await db.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
    const rows = async () =>
      (await db.pool.query('SELECT (SELECT count(*) FROM contests)::int AS contests, (SELECT count(*) FROM vote_packages)::int AS packages')).rows[0];
    const before = await rows();
    const files = (await storedPictures(dataDir)).length;
    await t.stop();
    t = await startTestServer({ SEED_DEMO: 'true' }, { db, dataDir });
    expect(t.output()).not.toContain(DEMO_BANNER_TITLE);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(users);
    expect(await rows()).toEqual(before);
    expect(await storedPictures(dataDir)).toHaveLength(files);
    const res = await fetch(t.baseUrl + contestants[0].pictures_urls[0]);
    expect(res.status).toBe(200);
  }, 60_000);
});

describe('demo seed switched off or failing', () => {
  it('should seed nothing when SEED_DEMO=false', async () => {
    const t = await startTestServer({ SEED_DEMO: 'false' });
    try {
      expect((await t.db.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(0);
      expect(await storedPictures(t.dataDir)).toHaveLength(0);
      expect(t.output()).not.toContain(DEMO_BANNER_TITLE);
    } finally {
      await t.stop();
    }
  }, 60_000);

  it('should leave no users and no picture files behind when the seed transaction fails', async () => {
    const db = await createTestDatabase();
    const dataDir = await createTestDataDir();
    try {
      // A trigger stands in for any database failure half-way through the seed.
      await db.pool.query(`CREATE FUNCTION refuse_profile() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'profile refused by the test'; END $$`);
      await db.pool.query(`CREATE TRIGGER refuse_profile BEFORE INSERT ON contestant_profiles
        FOR EACH ROW EXECUTE FUNCTION refuse_profile()`);
      await expect(startTestServer({ SEED_DEMO: 'true' }, { db, dataDir })).rejects.toThrow(/profile refused by the test/);
      expect((await db.pool.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(0);
      // The folder exists, so pictures were written, and then removed with the rollback.
      expect(existsSync(path.join(dataDir, 'uploads/profiles'))).toBe(true);
      expect(await storedPictures(dataDir)).toHaveLength(0);
    } finally {
      await db.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('should seed once when two replicas start on the same empty database at once', async () => {
    const db = await createTestDatabase();
    const dirs = [await createTestDataDir(), await createTestDataDir()];
    const servers: TestServer[] = [];
    try {
      // Both are stopped below even when only one came up: a replica left running would hold its
      // connections until the database is dropped under it, and keep the test run from ending.
      const started = await Promise.allSettled(dirs.map((dataDir) => startTestServer({ SEED_DEMO: 'true' }, { db, dataDir })));
      servers.push(...started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])));
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
      const counts = (await db.pool.query('SELECT count(*)::int AS n, count(*) FILTER (WHERE is_superuser)::int AS staff FROM users')).rows[0];
      expect(counts).toEqual({ n: DEMO_CONTESTANTS.length + DEMO_COOKS.length + 1 + DEMO_STAFF.length, staff: 1 + DEMO_STAFF.length });
      expect(servers.map((t) => occurrences(t.output(), DEMO_BANNER_TITLE)).sort()).toEqual([0, 1]);
      // The replica that lost the race keeps none of the pictures it may have rendered.
      const files = await Promise.all(dirs.map(storedPictures));
      const urls = (await db.pool.query('SELECT unnest(pictures_urls) AS u FROM contestant_profiles')).rows.length;
      expect(files.map((f) => f.length).sort((a, b) => a - b)).toEqual([0, urls]);
    } finally {
      await Promise.all(servers.map((t) => t.stop()));
      await db.drop();
      await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
    }
  }, 90_000);
});
