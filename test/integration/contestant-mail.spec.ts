// Contestant e-mails through the API and the outbox, one process (its PostgreSQL job queue): the
// per-kind preferences, each closed round's result e-mails and the winners' announcements (each
// once), the unsubscribe link without signing in, the drop below the cut and the daily digest.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Contest } from '#contract/contests/answers.js';
import { DEFAULT_MAIL_PREFERENCES, type MailPreferences } from '#contract/mail/constants.js';
import { MAIL_MESSAGES } from '#contract/mail/messages.js';
import type { UnsubscribeAnswer } from '#contract/mail/answers.js';
import { aJob, aVote } from '../helpers/factories.js';
import { headersOf, mailsTo, rawMailsTo, waitForMails } from '../helpers/accounts.js';
import { call, createAccounts, daysFromNow, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const future = (days: number) => daysFromNow(days).toISOString();
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
/** The address createAccounts gives an account. */
const emailOf = (u: TestAccount) => `${u.username}@example.com`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const subject = (mail: string) => /^Subject: (.*)$/m.exec(mail)?.[1] ?? '';
const unsubscribeToken = (mail: string) => {
  const match = /http:\/\/localhost:5173\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(mail);
  if (!match) throw new Error(`no unsubscribe link in:\n${mail}`);
  return match[1];
};

describe('contestant e-mails', () => {
  let t: TestServer;
  let admin: TestAccount;
  const as = (method: string, path: string, body?: unknown) => call(t, method, path, admin.token, body);

  /** Votes as the counting worker leaves them: one paid ledger row of `n` and the counters raised by it. */
  const giveVotes = async (user: TestAccount, contestId: number, n: number) => {
    const { rows } = await t.db.pool.query('SELECT id FROM contest_entries WHERE user_id = $1 AND contest_id = $2', [user.id, contestId]);
    await aVote(t.db, rows[0].id, { kind: 'paid', weight: n });
    await t.db.pool.query('UPDATE contest_entries SET current_contest_votes = current_contest_votes + $2, paid_votes = paid_votes + $2 WHERE id = $1', [
      rows[0].id,
      n,
    ]);
  };
  const placed = async (prefix: string, contestId: number, votes: number[]) => {
    const users = await createAccounts(t, prefix, votes.length, 'contestant');
    for (const [i, u] of users.entries()) {
      expect((await join(t, u, contestId)).status).toBe(201);
      if (votes[i]) await giveVotes(u, contestId, votes[i]);
    }
    return users;
  };
  const created = async (body: Record<string, unknown>): Promise<Contest> => {
    const res = await as('POST', '/admin/create-contest', body);
    expect(res.status).toBe(201);
    return (await res.json()) as Contest;
  };
  const roundsOf = (c: Contest) =>
    c.rounds.map((r) => ({ name: r.name, ends_at: r.ends_at, advance_per_group: r.advance_per_group, advance_total: r.advance_total }));

  beforeAll(async () => {
    // Running contests are looked at every second here, and digests are due from midnight.
    t = await startTestServer({ CONTEST_WATCH_SECONDS: '1', DIGEST_HOUR: '0' });
    [admin] = await createAccounts(t, 'mail_boss', 1, 'admin');
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should let the signed-in contestant turn each kind on and off, for their own account only', async () => {
    const [ann, bob] = await createAccounts(t, 'prefs', 2, 'contestant');
    expect((await call(t, 'GET', '/users/mail-preferences')).status).toBe(401);
    expect(await (await call(t, 'GET', '/users/mail-preferences', ann.token)).json()).toEqual(DEFAULT_MAIL_PREFERENCES);
    const saved = await call(t, 'PUT', '/users/mail-preferences', ann.token, { daily_digest: true, below_cut: false });
    expect(await saved.json()).toEqual({ ...DEFAULT_MAIL_PREFERENCES, daily_digest: true, below_cut: false });
    expect(await (await call(t, 'PUT', '/users/mail-preferences', ann.token, { winner: false })).json()).toEqual({
      round_results: true,
      below_cut: false,
      winner: false,
      daily_digest: true,
    });
    expect((await call(t, 'PUT', '/users/mail-preferences', ann.token, { newsletter: true })).status).toBe(422);
    expect((await call(t, 'PUT', '/users/mail-preferences', ann.token, { winner: 'yes' })).status).toBe(422);
    expect(await (await call(t, 'GET', '/users/mail-preferences', bob.token)).json()).toEqual(DEFAULT_MAIL_PREFERENCES);
  });

  it('should e-mail each contestant their round result once, stop a kind from its link without signing in, and announce the winners', async () => {
    const c = await created({
      name: 'Mail Cup',
      description: 'Who survives the inbox?',
      start_date: new Date().toISOString(),
      winners: 1,
      rounds: [
        { name: 'Heats', ends_at: future(1), advance_per_group: 2 },
        { name: 'Final', ends_at: future(2) },
      ],
    });
    // Ranks 1, 2, 2 go on (ties at the cut advance); 4th and 5th are out.
    const users = await placed('racer', c.id, [30, 20, 20, 5, 0]);
    const [lead, second, third, fourth, fifth] = users;
    // The fifth contestant wants no round results.
    expect((await call(t, 'PUT', '/users/mail-preferences', fifth.token, { round_results: false })).status).toBe(200);

    const rounds = roundsOf(c);
    rounds[0].ends_at = inSeconds(2);
    expect((await as('PUT', `/admin/contests/${c.id}`, { rounds })).status).toBe(200);

    for (const u of [lead, second, third, fourth]) await waitForMails(t.dataDir, emailOf(u), 1, 20_000);
    expect(subject((await mailsTo(t.dataDir, emailOf(lead)))[0])).toBe('You advanced to Final in Mail Cup!');
    const leadMail = (await mailsTo(t.dataDir, emailOf(lead)))[0];
    expect(leadMail).toContain('You finished 1st in your group with 30 votes and you advance to Final.');
    const headers = headersOf((await rawMailsTo(t.dataDir, emailOf(lead)))[0]);
    expect(headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:5173\/api\/v1\/mail\/unsubscribe\?token=[A-Za-z0-9_-]{43}>$/);
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect((await mailsTo(t.dataDir, emailOf(third)))[0]).toContain('You finished 2nd in your group with 20 votes');
    const out = (await mailsTo(t.dataDir, emailOf(fourth)))[0];
    expect(subject(out)).toBe('Heats results: your run in Mail Cup ends here');
    expect(out).toContain('You finished 4th in your group with 5 votes, below the cut');

    // The same round's job again (a repeated delivery) sends nobody a second e-mail.
    const job = (await t.db.pool.query(`SELECT 1 FROM contestant_mails WHERE kind = 'round_results' AND event_key = $1`, [`round:${c.rounds[0].id}`])).rowCount;
    expect(job).toBe(4);
    await aJob(t.db, {
      name: 'round-mails',
      payload: {
        contest_id: c.id,
        contest_name: c.name,
        round_id: c.rounds[0].id,
        round_name: 'Heats',
        next_round_name: 'Final',
        scope: 'group',
        results: [{ user_id: lead.id, rank: 1, votes: 30, outcome: 'advanced', place: null }],
      },
    });
    await eventually(
      'the repeated job to run',
      async () => (await t.db.pool.query(`SELECT 1 FROM jobs WHERE name = 'round-mails'`)).rowCount === 0,
      (done) => done,
      15_000,
    );
    await sleep(500);
    for (const u of [lead, second, third, fourth]) expect(await mailsTo(t.dataDir, emailOf(u))).toHaveLength(1);
    expect(await mailsTo(t.dataDir, emailOf(fifth))).toHaveLength(0);

    // The second contestant stops round results from the e-mail's link, signed out: first what it does, then one click.
    const token = unsubscribeToken((await mailsTo(t.dataDir, emailOf(second)))[0]);
    const described = await call(t, 'GET', `/mail/unsubscribe?token=${token}`);
    expect(await described.json()).toEqual({
      kind: 'round_results',
      unsubscribed: false,
      detail: MAIL_MESSAGES.subscribed('round_results'),
    } satisfies UnsubscribeAnswer);
    // As a mail program sends it (RFC 8058): a form-encoded POST to the header's address.
    const oneClickUrl = headersOf((await rawMailsTo(t.dataDir, emailOf(second)))[0])['list-unsubscribe'].slice(1, -1);
    expect(oneClickUrl).toMatch(/^http:\/\/localhost:5173\/api\/v1\/mail\/unsubscribe\?token=/);
    const oneClick = await fetch(oneClickUrl.replace('http://localhost:5173/api/v1', t.api), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect({ status: oneClick.status, body: await oneClick.json() }).toEqual({
      status: 200,
      body: { kind: 'round_results', unsubscribed: true, detail: MAIL_MESSAGES.unsubscribed('round_results') },
    });
    expect(((await (await call(t, 'GET', '/users/mail-preferences', second.token)).json()) as MailPreferences).round_results).toBe(false);
    // A second click is harmless; a made-up or mangled token is refused without saying whose it could be.
    expect((await call(t, 'POST', `/mail/unsubscribe?token=${token}`)).status).toBe(200);
    for (const bad of ['x'.repeat(43), 'short', '']) {
      const res = await call(t, 'POST', `/mail/unsubscribe?token=${bad}`);
      expect({ status: res.status, body: await res.json() }).toEqual({ status: 404, body: { detail: MAIL_MESSAGES.invalidLink } });
    }

    // The final: the third contestant wins; the others in it get their final result, except the one who unsubscribed.
    await giveVotes(third, c.id, 50);
    const final = roundsOf(c);
    final[0].ends_at = ((await (await as('GET', `/admin/contests/${c.id}`)).json()) as Contest).rounds[0].ends_at;
    final[1].ends_at = inSeconds(2);
    expect((await as('PUT', `/admin/contests/${c.id}`, { rounds: final })).status).toBe(200);
    const [, won] = await waitForMails(t.dataDir, emailOf(third), 2, 20_000);
    expect(subject(won)).toBe('You won 1st place in Mail Cup!');
    expect(won).toContain('you are one of its winners, in 1st place with 70 votes');
    const [, finalResult] = await waitForMails(t.dataDir, emailOf(lead), 2, 20_000);
    expect(subject(finalResult)).toBe('Final results of Mail Cup');
    expect(finalResult).toContain('You finished 2nd overall with 30 votes');
    await sleep(1000);
    expect(await mailsTo(t.dataDir, emailOf(second))).toHaveLength(1);
    expect(await mailsTo(t.dataDir, emailOf(third))).toHaveLength(2);
    expect(await mailsTo(t.dataDir, emailOf(fourth))).toHaveLength(1);
  }, 90_000);

  it('should tell a contestant who drops below the cut, once a day, and send the digest to those who asked for it', async () => {
    const c = await created({
      name: 'Watch Cup',
      description: 'Who slips?',
      start_date: new Date().toISOString(),
      winners: 1,
      rounds: [
        { name: 'Heats', ends_at: future(3), advance_per_group: 1 },
        { name: 'Final', ends_at: future(4) },
      ],
    });
    const [ann, bob] = await placed('slip', c.id, [10, 4]);
    // A digest reports yesterday: the contest, and Bob, are made two days old; Ann joined today.
    await t.db.pool.query(`UPDATE contests SET start_date = now() - interval '2 days' WHERE id = $1`, [c.id]);
    await t.db.pool.query(`UPDATE contest_entries SET joined_at = now() - interval '2 days' WHERE user_id = $1`, [bob.id]);
    expect((await call(t, 'PUT', '/users/mail-preferences', ann.token, { daily_digest: true })).status).toBe(200);
    expect((await call(t, 'PUT', '/users/mail-preferences', bob.token, { daily_digest: true })).status).toBe(200);

    // Bob's digest: yesterday's votes (none: the ledger's rows are today's), his rank, and the votes to pass Ann.
    const [digest] = await waitForMails(t.dataDir, emailOf(bob), 1, 20_000);
    expect(subject(digest)).toBe('Your day in Watch Cup: 0 votes');
    expect(digest).toContain('Your rank: 2nd in your group.');
    expect(digest).toContain(`7 votes to pass @${ann.username}.`);
    expect(headersOf((await rawMailsTo(t.dataDir, emailOf(bob)))[0])['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // Ann has been seen above the cut; Bob passes her, so she drops below it, and hears of it once.
    await eventually(
      'the first look at the standings',
      async () => (await t.db.pool.query(`SELECT 1 FROM contest_entries WHERE contest_id = $1 AND below_cut = false`, [c.id])).rowCount === 1,
      (done) => done,
      15_000,
    );
    await giveVotes(bob, c.id, 10);
    const [dropped] = await waitForMails(t.dataDir, emailOf(ann), 1, 20_000);
    expect(subject(dropped)).toBe('You dropped below the cut in Heats');
    expect(dropped).toContain('You are 2nd in your group in Watch Cup, 4 votes below the cut line of Heats');
    // Ann back above the cut: now Bob drops (he was above), and hears of it.
    await giveVotes(ann, c.id, 10);
    const [, bobDropped] = await waitForMails(t.dataDir, emailOf(bob), 2, 20_000);
    expect(subject(bobDropped)).toBe('You dropped below the cut in Heats');
    // Ann drops again the same day: no second e-mail to her; nor a second digest to Bob.
    await giveVotes(bob, c.id, 10);
    await eventually(
      'Ann below again',
      async () => (await t.db.pool.query(`SELECT below_cut FROM contest_entries WHERE user_id = $1`, [ann.id])).rows[0].below_cut === true,
      (done) => done,
      15_000,
    );
    await sleep(2500);
    // Ann's only e-mail is her drop: no digest of a day before she joined.
    expect((await mailsTo(t.dataDir, emailOf(ann))).map(subject)).toEqual(['You dropped below the cut in Heats']);
    expect(await mailsTo(t.dataDir, emailOf(bob))).toHaveLength(2);
  }, 90_000);
});
