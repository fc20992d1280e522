// A person's own data over HTTP: a contestant with a photo, votes received and cast, a payment and a
// support message downloads a complete file, asks for the deletion, and the scheduled job erases the
// account when the (shortened) grace period ends; the vote totals, the payment reconciliation, the
// audit chain and the payment's receipt figures stay as they were, while the person's name, photo and
// e-mail are gone from the public profile, the leaderboard, the API and the admin exports. Also: the
// cancel during the grace period, the download limit, the last owner, and who may call what.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { MY_DATA_MESSAGES } from '#contract/account/messages.js';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually, requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const SITE = 'http://localhost:5173';
const PICTURE = '/uploads/profiles/own-data-star.png';
/** A photo the profile lists whose file is gone. */
const LOST_PICTURE = '/uploads/profiles/own-data-lost.png';

describe('own data: download and deletion', () => {
  let t: TestServer;
  let admin: TestAccount;
  let organizer: TestAccount;
  let moderator: TestAccount;
  let star: TestAccount;
  let rival: TestAccount;
  let fan: TestAccount;
  let contest: number;
  let paymentId: string;

  const one = async (text: string, params: unknown[] = []) => (await t.db.pool.query(text, params)).rows[0];
  const text = async (res: Response) => ({ status: res.status, body: await res.text() });
  const totals = () =>
    one(
      `SELECT count(*)::int AS rows, coalesce(sum(weight), 0)::int AS votes,
              (SELECT sum(current_contest_votes)::int FROM contest_entries WHERE contest_id = $1) AS counted
       FROM votes WHERE contest_id = $1`,
      [contest],
    );
  /** The reconciliation's figures, without the time it was checked at. */
  const reconciliation = async () => {
    const { checked_at: _checkedAt, ...figures } = (await (await call(t, 'GET', '/admin/payments/reconciliation', admin.token)).json()) as Record<
      string,
      unknown
    >;
    return figures;
  };
  const chain = async () => (await call(t, 'GET', '/admin/audit-log/chain', admin.token)).json();
  const receipt = () =>
    one('SELECT amount_minor, currency, votes, base_votes, status, profile_id, entry_id, contest_id, credited_at FROM payments WHERE id = $1', [paymentId]);

  beforeAll(async () => {
    t = await startTestServer({ TRUST_PROXY: '127.0.0.1', ACCOUNT_DELETION_GRACE: '3s', ACCOUNT_ERASURE_SWEEP_EVERY: '2s', MY_DATA_DOWNLOADS_PER_HOUR: '3' });
    [admin] = await createAccounts(t, 'od_admin', 1, 'admin');
    [organizer] = await createAccounts(t, 'od_org', 1, 'organizer');
    [moderator] = await createAccounts(t, 'od_mod', 1, 'moderator');
    [fan] = await createAccounts(t, 'od_fan', 1, 'no-profile');
    // A fan: an account that never registered as a contestant (only those may buy votes).
    await t.db.pool.query('UPDATE users SET is_competitor = false WHERE id = $1', [fan.id]);
    contest = await insertContest(t, { name: 'Own Data Cup', isCurrent: true, groupSizeCap: 50 });
    // The star's photo, on disk where the server keeps uploads: a real PNG, noisy so it spans several base64 pieces.
    await mkdir(path.join(t.dataDir, 'uploads', 'profiles'), { recursive: true });
    const noise = randomBytes(300 * 300 * 3);
    await writeFile(
      path.join(t.dataDir, PICTURE.slice(1)),
      await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
        .png()
        .toBuffer(),
    );
    [star] = await createAccounts(t, 'od_star', 1, 'contestant', [PICTURE, LOST_PICTURE]);
    [rival] = await createAccounts(t, 'od_rival', 1);
    for (const a of [star, rival]) expect((await join(t, a, contest)).status).toBe(201);

    // Votes received: a signed-in fan's and a visitor's; and one the star cast for the rival.
    const vote = (username: string, client: string, token?: string) =>
      requestFrom(`${t.api}/contestants/${username}/vote`, 'POST', { headers: { 'x-forwarded-for': client }, token });
    expect((await vote(star.username, '198.51.100.21', fan.token)).status).toBe(201);
    expect((await vote(star.username, '2001:db8:21::1')).status).toBe(201);
    expect((await vote(rival.username, '198.51.100.22', star.token)).status).toBe(201);
    // A payment for the star by the signed-in fan (contestants may not buy votes), paid and credited.
    const buy = await call(t, 'POST', `/contestants/${star.username}/buy-votes`, fan.token, {
      contestant_id: star.profileId,
      num_votes: 10,
      payer_email: 'od_fan_pays@example.com',
      payment_method: 'stripe',
      frontend_success_url: `${SITE}/payment/success`,
      frontend_cancel_url: `${SITE}/contestants/${star.username}`,
      amount_expected: 10,
    });
    expect(buy.status).toBe(200);
    paymentId = (await one('SELECT id::text FROM payments WHERE user_id = $1', [fan.id])).id;
    expect((await call(t, 'POST', `/payments/test/${paymentId}/pay`)).status).toBe(200);
    await eventually('the payment credited and the votes counted', totals, (v) => v.rows === 4 && v.counted === v.votes, 20_000);
    await eventually(
      'the payment credited',
      async () => (await receipt()).status,
      (s) => s === 'credited',
      20_000,
    );
    // A support message sent signed in.
    const support = await call(t, 'POST', '/support/contact', star.token, {
      topic: 'account',
      name: 'Star Person',
      email: 'od_star@example.com',
      message: 'Please tell me how my votes are counted.',
    });
    expect(support.status).toBeLessThan(300);
  }, 90_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('should refuse every own-data call without a token, and the participant export to staff without the permission', async () => {
    expect((await call(t, 'GET', '/users/me/data')).status).toBe(401);
    expect((await call(t, 'POST', '/users/me/deletion', null, { confirm_username: 'x' })).status).toBe(401);
    expect((await call(t, 'DELETE', '/users/me/deletion')).status).toBe(401);
    expect((await call(t, 'GET', `/admin/contests/${contest}/participants`)).status).toBe(401);
    expect((await call(t, 'GET', `/admin/contests/${contest}/participants`, moderator.token)).status).toBe(403);
    expect((await call(t, 'GET', `/admin/contests/${contest}/participants`, star.token)).status).toBe(403);
    expect((await call(t, 'GET', `/admin/contests/999999/participants`, organizer.token)).status).toBe(404);
  });

  it("should list a contest's participants for organizers with their public fields, never an e-mail", async () => {
    const res = await call(t, 'GET', `/admin/contests/${contest}/participants`, organizer.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const csv = await res.text();
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('username,first_name,last_name,category,group,votes,eliminated,winner_place,instagram,tiktok,joined_at');
    expect(rows.map((r) => r.split(',')[0]).sort()).toEqual([rival.username, star.username].sort());
    expect(csv).not.toMatch(/@example\.com/);
  });

  it('should answer the whole account as one JSON file', async () => {
    const res = await call(t, 'GET', '/users/me/data', star.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="my-data-\d{4}-\d\d-\d\d\.json"$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = await res.json();
    const paid = (await receipt()).votes as number;
    expect(data).toMatchObject({
      format: 'screamstage-my-data/2',
      account: { id: star.id, username: star.username, email: `${star.username}@example.com`, first_name: 'First1', staff_role: null, deletion_due_at: null },
      sign_in: { password: true, two_factor: false, linked_providers: [] },
      profile: { category: expect.any(String), total_votes: 2 + paid, paid_votes: paid },
      // Photos by their address on the site's public address, with their bytes.
      photos: [
        { url: new URL(PICTURE, t.env.PUBLIC_URL ?? t.baseUrl).href, content_type: 'image/png', size: expect.any(Number) },
        { url: new URL(LOST_PICTURE, t.env.PUBLIC_URL ?? t.baseUrl).href, content_type: null, size: null, data_base64: null },
      ],
      contest_entries: [expect.objectContaining({ contest: 'Own Data Cup', current_contest_votes: 2 + paid, paid_votes: paid, withdrawn_at: null })],
      votes_cast: [expect.objectContaining({ contest: 'Own Data Cup', profile_id: rival.profileId, kind: 'free' })],
      // Contestants may not buy votes: the star made no payment.
      payments: [],
      support_messages: [expect.objectContaining({ topic: 'account', message: 'Please tell me how my votes are counted.' })],
    });
    // The photo's bytes are the stored image, as its public address serves it.
    const served = Buffer.from(await (await fetch(`${t.baseUrl}${PICTURE}`)).arrayBuffer());
    expect(served.length).toBeGreaterThan(3 * 64 * 1024);
    const photo = Buffer.from(data.photos[0].data_base64, 'base64');
    expect(photo.equals(served)).toBe(true);
    expect(data.photos[0].size).toBe(served.length);
    const today = new Date().toISOString().slice(0, 10);
    expect(data.votes_received_by_day).toEqual([
      { contest: 'Own Data Cup', day: today, kind: 'free', votes: 2 },
      { contest: 'Own Data Cup', day: today, kind: 'paid', votes: paid },
    ]);
  });

  it("should list a fan's payments and votes cast, and limit downloads per account per hour with a 429 that says so", async () => {
    const first = await call(t, 'GET', '/users/me/data', fan.token);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      profile: null,
      photos: [],
      payments: [
        expect.objectContaining({
          id: paymentId,
          status: 'credited',
          payer_name: 'First1 Last1',
          payer_email: 'od_fan_pays@example.com',
          profile_id: star.profileId,
        }),
      ],
      // The free vote, and the paid row the payment credited: both tied to the fan's account.
      votes_cast: [
        expect.objectContaining({ profile_id: star.profileId, kind: 'free' }),
        expect.objectContaining({ profile_id: star.profileId, kind: 'paid' }),
      ],
    });
    for (let i = 0; i < 2; i++) expect((await call(t, 'GET', '/users/me/data', fan.token)).status).toBe(200);
    const limited = await call(t, 'GET', '/users/me/data', fan.token);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ detail: MY_DATA_MESSAGES.downloadLimited });
  });

  it('should keep an account whose owner cancels in the grace period, and refuse the last owner', async () => {
    const ask = await call(t, 'POST', '/users/me/deletion', fan.token, { confirm_username: fan.username });
    expect(ask.status).toBe(201);
    expect((await (await call(t, 'GET', '/users/me', fan.token)).json()).deletion_due_at).toEqual((await ask.json()).deletion_due_at);
    expect(await text(await call(t, 'DELETE', '/users/me/deletion', fan.token))).toEqual({ status: 200, body: JSON.stringify({ deletion_due_at: null }) });
    expect((await call(t, 'DELETE', '/users/me/deletion', fan.token)).status).toBe(409);
    // Past the grace period: the job ran and left the account alone.
    await new Promise((r) => setTimeout(r, 4_500));
    const me = await call(t, 'GET', '/users/me', fan.token);
    expect(me.status).toBe(200);
    expect((await me.json()).deletion_due_at).toBeNull();

    const owner = await call(t, 'POST', '/users/me/deletion', admin.token, { confirm_username: admin.username });
    expect(owner.status).toBe(409);
    expect(await owner.json()).toEqual({ detail: MY_DATA_MESSAGES.lastOwner });
  }, 20_000);

  it('should erase an overdue account whose erasure job was lost, by the periodic sweep, without a restart', async () => {
    const [lost] = await createAccounts(t, 'od_lost', 1, 'no-profile');
    expect((await call(t, 'POST', '/users/me/deletion', lost.token, { confirm_username: lost.username })).status).toBe(201);
    // The scheduled erasure is lost (as with a queue store that lost it): only the sweep can find the account.
    const dropped = await t.db.pool.query(`DELETE FROM jobs WHERE name = 'erase-account' AND job_key LIKE $1`, [`erase-account:${lost.id}:%`]);
    expect(dropped.rowCount).toBe(1);
    const erased = await eventually(
      'the overdue account erased',
      async () => (await one('SELECT erased_at, username FROM users WHERE id = $1', [lost.id])) as { erased_at: Date | null; username: string },
      (v) => v.erased_at !== null,
      15_000,
    );
    expect(erased.username).toBe(`deleted-${lost.id}`);
    expect((await call(t, 'GET', '/users/me', lost.token)).status).toBe(401);
  }, 30_000);

  it('should erase the account when the grace period ends, leaving the totals, the reconciliation, the audit chain and the receipt as they were', async () => {
    const before = { totals: await totals(), reconciliation: await reconciliation(), chain: await chain(), receipt: await receipt() };
    expect(before.chain.intact).toBe(true);

    const wrong = await call(t, 'POST', '/users/me/deletion', star.token, { confirm_username: 'someone_else' });
    expect(wrong.status).toBe(422);
    expect(await wrong.json()).toEqual({ detail: MY_DATA_MESSAGES.confirmMismatch });
    const ask = await call(t, 'POST', '/users/me/deletion', star.token, { confirm_username: star.username.toUpperCase() });
    expect(ask.status).toBe(201);
    expect((await call(t, 'POST', '/users/me/deletion', star.token, { confirm_username: star.username })).status).toBe(409);

    await eventually(
      'the account erased',
      async () => (await one('SELECT erased_at FROM users WHERE id = $1', [star.id])).erased_at,
      (v) => v !== null,
      20_000,
    );

    // The ledgers: the same rows and totals, the same reconciliation and audit chain, the same receipt figures.
    expect(await totals()).toEqual(before.totals);
    expect(await reconciliation()).toEqual(before.reconciliation);
    expect(await chain()).toEqual(before.chain);
    expect(await receipt()).toEqual(before.receipt);
    // The fan's payment for the star is the fan's: it keeps the fan's name and address.
    expect(await one('SELECT payer_name, payer_email FROM payments WHERE id = $1', [paymentId])).toEqual({
      payer_name: 'First1 Last1',
      payer_email: 'od_fan_pays@example.com',
    });

    // The person: signed out everywhere, no public profile, no card on the leaderboard, no photo.
    expect((await call(t, 'GET', '/users/me', star.token)).status).toBe(401);
    expect((await call(t, 'GET', `/contestants/${star.username}`)).status).toBe(404);
    expect((await call(t, 'GET', `/contestants/deleted-${star.id}`)).status).toBe(404);
    expect((await requestFrom(`${t.api}/contestants/deleted-${star.id}/vote`, 'POST', { headers: { 'x-forwarded-for': '198.51.100.99' } })).status).toBe(404);
    const groupId = (await one('SELECT group_id FROM contest_entries WHERE user_id = $1', [star.id])).group_id;
    const board = await eventually(
      'the leaderboard without the star',
      async () => (await call(t, 'GET', `/groups/${groupId}/leaderboard`)).text(),
      (body) => !body.includes(star.username),
      10_000,
    );
    expect(board).toContain(rival.username);
    expect(existsSync(path.join(t.dataDir, PICTURE.slice(1)))).toBe(false);
    expect((await fetch(`${t.baseUrl}${PICTURE}`)).status).toBe(404);

    // The admin's answers and exports name no one: not the star's name, username or addresses.
    const forbidden = [star.username, `${star.username}@example.com`, 'Star Person', 'od_star@example.com', 'Please tell me how my votes are counted.'];
    const answers = [
      await (await call(t, 'GET', '/contestants', admin.token)).text(),
      await (await call(t, 'GET', '/admin/payments/export?status=all', admin.token)).text(),
      await (await call(t, 'GET', `/admin/votes/export?contest_id=${contest}`, admin.token)).text(),
      await (await call(t, 'GET', `/admin/contests/${contest}/participants`, admin.token)).text(),
      await (await call(t, 'GET', '/admin/support-messages', admin.token)).text(),
      await (await call(t, 'GET', `/groups/${groupId}/leaderboard`)).text(),
    ];
    for (const body of answers) for (const word of forbidden) expect(body).not.toContain(word);
  }, 40_000);
});
