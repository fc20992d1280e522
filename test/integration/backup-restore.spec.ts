import { afterAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { call, createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aUser } from '../helpers/factories.js';
import { freePort } from '../helpers/free-port.js';
import { npmStart, type NpmStartedApp } from '../helpers/npm-start.js';
import { eventually, loopbackAddress, requestFrom } from '../helpers/source-address.js';
import { createTestDatabase, createTestDataDir, type TestDatabase } from '../helpers/test-app.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A compiled command as `npm run backup` / `npm run restore` runs it, in a process of its own. */
function cli(name: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<Run> {
  const entry = path.resolve(`dist/server/src/cli/${name}.js`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [entry, ...args],
      { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ENV_FILE: 'none', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

const SITE = 'http://localhost:5173';
// A bounded load: at most this many votes, for at most this long, from 6 loopback clients at once.
const MAX_VOTES = 3000;
const LOAD_LIMIT_MS = 60_000;
const CLIENTS = 6;

describe('backup and restore', () => {
  const started: NpmStartedApp[] = [];
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const app of started) await app.stop();
    for (const db of databases) await db.drop();
  });

  it('should restore, into a fresh DATA_DIR, every vote and payment accepted before an online backup began', async () => {
    const app = await npmStart();
    started.push(app);
    const contest = await insertContest(app, { name: 'Backup Cup', isCurrent: true, groupSizeCap: 50 });
    const stars = await createAccounts(app, 'bk_star', 4);
    for (const s of stars) expect((await join(app, s, contest)).status).toBe(201);
    // An uploaded picture, where the storage keeps them.
    const picture = Buffer.from('not really a webp, but bytes to get back');
    await mkdir(path.join(app.dataDir, 'uploads', 'profiles'), { recursive: true });
    await writeFile(path.join(app.dataDir, 'uploads', 'profiles', 'bk-picture.webp'), picture);

    // A TEST MODE payment, paid before the backup.
    const bought = await call(app, 'POST', `/contestants/${stars[0].username}/buy-votes`, undefined, {
      contestant_id: stars[0].profileId,
      num_votes: 10,
      payer_email: 'fan@example.com',
      payment_method: 'stripe',
      frontend_success_url: `${SITE}/payment/success`,
      frontend_cancel_url: `${SITE}/contestants/${stars[0].username}`,
      amount_expected: 10,
    });
    expect(bought.status).toBe(200);
    const [payment] = (await app.db.pool.query('SELECT id::text, votes FROM payments WHERE profile_id = $1', [stars[0].profileId])).rows as {
      id: string;
      votes: number;
    }[];
    expect((await call(app, 'POST', `/payments/test/${payment.id}/pay`)).status).toBe(200);

    // Votes keep coming, each from an address of its own, before, during and just after the backup.
    const accepted: { id: string; star: TestAccount; from: string; answeredAt: number }[] = [];
    let next = 0;
    let stopAt = Date.now() + LOAD_LIMIT_MS;
    const client = async () => {
      while (next < MAX_VOTES && Date.now() < stopAt) {
        const n = next++;
        const star = stars[n % stars.length];
        const from = loopbackAddress(n, 7);
        const res = await requestFrom(`${app.api}/contestants/${star.username}/vote`, 'POST', { from });
        if (res.status === 201) accepted.push({ id: res.body.vote_id as string, star, from, answeredAt: Date.now() });
      }
    };
    const load = Promise.all(Array.from({ length: CLIENTS }, client));
    await eventually(
      'votes accepted before the backup',
      async () => accepted.length,
      (n) => n >= 100 || next >= MAX_VOTES,
      30_000,
    );
    const backupBegan = Date.now();
    const backup = await cli('backup', [], { DATA_DIR: app.dataDir, EMBEDDED_PG_PORT: app.env.EMBEDDED_PG_PORT });
    const backupEnded = Date.now();
    const votesDuringBackup = accepted.filter((v) => v.answeredAt >= backupBegan && v.answeredAt <= backupEnded).length;
    stopAt = Math.min(stopAt, Date.now() + 300);
    await load;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const file = /^Backup written: (\S+\.tar\.gz) \(/m.exec(backup.stdout)?.[1];
    expect(file).toBeDefined();
    expect(path.dirname(file!)).toBe(path.join(app.dataDir, 'backups'));
    const before = accepted.filter((v) => v.answeredAt < backupBegan);
    expect(before.length).toBeGreaterThanOrEqual(100);
    // Said, not asserted: how busy the server was while the snapshot was taken.
    console.log(`backup: ${before.length} votes accepted before it began, ${votesDuringBackup} while it ran (${backupEnded - backupBegan} ms)`);
    await app.stop();

    // Into a new, empty DATA_DIR: its embedded PostgreSQL is made by the restore.
    const dataDir = await createTestDataDir();
    const restoreEnv = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) };
    const restore = await cli('restore', [file!], restoreEnv);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`into the embedded PostgreSQL in ${path.join(dataDir, 'postgres')}`);
    expect(await readFile(path.join(dataDir, 'uploads', 'profiles', 'bk-picture.webp'))).toEqual(picture);
    expect(await readFile(path.join(dataDir, 'voter-hash-key'), 'utf8')).toBe(await readFile(path.join(app.dataDir, 'voter-hash-key'), 'utf8'));
    expect(existsSync(path.join(dataDir, 'uploads.restoring'))).toBe(false);

    const back = await npmStart({}, { dataDir });
    started.push(back);
    const ids = before.map((v) => v.id);
    await eventually(
      'every vote accepted before the backup in the ledger',
      async () => (await back.db.pool.query('SELECT count(*)::int AS n FROM votes WHERE id = ANY($1::uuid[])', [ids])).rows[0].n as number,
      (n) => n === ids.length,
      30_000,
    );
    // Queued votes are counted after the restore too: once the queue is empty, counters equal the ledger.
    await eventually(
      'the restored queue to drain',
      async () => (await back.db.pool.query('SELECT count(*)::int AS n FROM jobs WHERE name = $1', ['count-votes'])).rows[0].n as number,
      (n) => n === 0,
      30_000,
    );
    const counts = (
      await back.db.pool.query(
        `SELECT p.id, p.total_votes, e.current_contest_votes, (SELECT coalesce(sum(weight), 0)::int FROM votes v WHERE v.profile_id = p.id) AS ledger
         FROM contestant_profiles p JOIN contest_entries e ON e.profile_id = p.id AND e.contest_id = $1 WHERE p.id = ANY($2::int[]) ORDER BY p.id`,
        [contest, stars.map((s) => s.profileId)],
      )
    ).rows as { total_votes: number; current_contest_votes: number; ledger: number }[];
    expect(counts).toHaveLength(stars.length);
    for (const c of counts) {
      expect(c.total_votes).toBe(c.ledger);
      expect(c.current_contest_votes).toBe(c.ledger);
    }
    const paid = await eventually(
      'the payment credited',
      async () =>
        (await back.db.pool.query(`SELECT status, votes FROM payments WHERE id = $1`, [payment.id])).rows[0] as { status: string; votes: number } | undefined,
      (p) => p?.status === 'credited',
      30_000,
    );
    expect(paid!.votes).toBe(payment.votes);
    const paidLedger = (
      await back.db.pool.query(`SELECT coalesce(sum(weight), 0)::int AS n FROM votes WHERE profile_id = $1 AND kind = 'paid'`, [stars[0].profileId])
    ).rows[0].n as number;
    expect(paidLedger).toBe(payment.votes);

    // The voter hash key came back: a voter of before the backup still holds their slot.
    const again = before[0];
    expect((await requestFrom(`${back.api}/contestants/${again.star.username}/vote`, 'POST', { from: again.from })).status).toBe(403);
    // Sequences came back: new rows get new ids.
    const [fresh] = await createAccounts(back, 'bk_after', 1);
    expect(fresh.id).toBeGreaterThan(Math.max(...stars.map((s) => s.id)));
    await back.stop();

    // A target that is not empty is refused, and left as it was.
    const again1 = await cli('restore', [file!], restoreEnv);
    expect(again1.code).toBe(1);
    expect(again1.stderr).toMatch(/^restore: .*is not empty.*restore into a new/m);
    expect(again1.stderr).not.toContain('    at ');
    const original = await cli('restore', [file!], { DATA_DIR: app.dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
    expect(original.code).toBe(1);
    expect(original.stderr).toContain('is not empty');

    // A DATABASE_URL database: refused with rows in it; restored when empty (already migrated: the rest of the archive's schema is added).
    const filled = await createTestDatabase();
    databases.push(filled);
    await aUser(filled, { username: 'someone', email: 'someone@example.com', password_hash: 'x' });
    const refused = await cli('restore', [file!], { DATA_DIR: await createTestDataDir(), DATABASE_URL: filled.url });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the database at DATABASE_URL is not empty (rows in users)');
    const empty = await createTestDatabase();
    databases.push(empty);
    const intoUrl = await cli('restore', [file!], { DATA_DIR: await createTestDataDir(), DATABASE_URL: empty.url });
    expect(intoUrl.stderr).toBe('');
    expect(intoUrl.code).toBe(0);
    expect((await empty.pool.query('SELECT count(*)::int AS n FROM votes WHERE id = ANY($1::uuid[])', [ids])).rows[0].n).toBe(ids.length);
  }, 300_000);

  it('should refuse a file that is not an archive, and a missing file, without a stack trace', async () => {
    const env = { DATA_DIR: await createTestDataDir(), EMBEDDED_PG_PORT: String(await freePort()) };
    const notArchive = path.join(env.DATA_DIR, 'notes.tar.gz');
    await writeFile(notArchive, 'plain text');
    const bad = await cli('restore', [notArchive], env);
    expect(bad).toMatchObject({ code: 1, stderr: 'restore: not a backup archive (not gzip, or damaged)\n' });
    const missing = await cli('restore', [path.join(env.DATA_DIR, 'nope.tar.gz')], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
    const usage = await cli('restore', [], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('usage: npm run restore -- FILE');
    // Nothing was made in the target.
    expect(existsSync(path.join(env.DATA_DIR, 'postgres'))).toBe(false);
  }, 60_000);
});
