// The admin's view of the job queues in one-process mode (PostgreSQL rows): who may see it, what a
// failed job shows, a retry that runs the job once, a discard, and both in the audit log.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_JOB_MESSAGES } from '#contract/jobs/messages.js';
import type { AdminJobsOverview, JobActionResult } from '#contract/jobs/answers.js';
import type { JsonValue } from '#server/infra/database/schema.js';
import { mailsTo, waitForMails } from '../helpers/accounts.js';
import { call, createAccounts, type TestAccount } from '../helpers/contest-fixtures.js';
import { aJob } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CLI = path.resolve('dist/server/src/cli/jobs.js');

/** The compiled command as `npm run jobs` runs it, in a process of its own. */
function jobsCommand(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env }, timeout: 60_000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    );
  });
}

describe('admin jobs (one process)', () => {
  let t: TestServer;
  let admin: TestAccount;
  let fan: TestAccount;
  const as = (who: TestAccount | null, method: string, path: string) => call(t, method, path, who?.token ?? null);
  const overview = async (): Promise<AdminJobsOverview> => {
    const res = await as(admin, 'GET', '/admin/jobs');
    expect(res.status).toBe(200);
    return (await res.json()) as AdminJobsOverview;
  };
  /** A job stored as the queue keeps one that failed every attempt. */
  const failedJob = async (name: string, payload: JsonValue, key: string | null, error: string): Promise<string> => {
    const job = await aJob(t.db, { name, payload, job_key: key, attempts: 5, run_at: 'infinity', last_error: error, failed_at: new Date() });
    return job.id;
  };

  beforeAll(async () => {
    t = await startTestServer();
    [admin] = await createAccounts(t, 'jobs_admin', 1, 'admin');
    [fan] = await createAccounts(t, 'jobs_fan', 1);
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('should be for superusers only', async () => {
    expect((await as(null, 'GET', '/admin/jobs')).status).toBe(401);
    expect((await as(fan, 'GET', '/admin/jobs')).status).toBe(403);
    expect((await as(fan, 'POST', '/admin/jobs/mail/1/retry')).status).toBe(403);
    expect((await as(fan, 'DELETE', '/admin/jobs/mail/1')).status).toBe(403);
  });

  it('should list every queue with its kinds, and a failed job with its error but not its payload', async () => {
    const first = await overview();
    expect(first.mode).toBe('postgres');
    expect(first.queues.map((q) => q.queue)).toEqual(['accounts', 'backups', 'contests', 'mail', 'review', 'votes', 'webhooks']);
    expect(first.queues.find((q) => q.queue === 'mail')).toEqual(
      expect.objectContaining({ kinds: expect.arrayContaining(['send-email', 'round-mails']), failed: 0 }),
    );

    const id = await failedJob(
      'send-email',
      { to: 'lost@example.com', subject: 'Secret link', text: 'token-abc', html: '<p>token-abc</p>' },
      'mail:lost',
      'SMTP said 451: try later',
    );
    const listed = await overview();
    expect(listed.failed_total).toBe(1);
    expect(listed.queues.find((q) => q.queue === 'mail')?.failed).toBe(1);
    expect(listed.failed).toEqual([
      {
        id,
        queue: 'mail',
        kind: 'send-email',
        key: 'mail:lost',
        attempts: 5,
        error: 'SMTP said 451: try later',
        failed_at: expect.any(String),
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain('token-abc');
    await t.db.pool.query('DELETE FROM jobs WHERE id = $1', [id]);
  });

  it('should run a retried job once, and record it; a second retry finds nothing', async () => {
    const to = 'retried@example.com';
    const id = await failedJob('send-email', { to, subject: 'Your results', text: 'Hello again', html: '<p>Hello again</p>' }, null, 'SMTP said 451');
    expect(await mailsTo(t.dataDir, to)).toEqual([]);

    const res = await as(admin, 'POST', `/admin/jobs/mail/${id}/retry`);
    expect(res.status).toBe(200);
    expect((await res.json()) as JobActionResult).toEqual({
      state: 'waiting',
      job: expect.objectContaining({ id, kind: 'send-email', error: 'SMTP said 451' }),
    });

    await waitForMails(t.dataDir, to, 1);
    await sleep(1500);
    expect(await mailsTo(t.dataDir, to)).toHaveLength(1);
    expect((await t.db.pool.query('SELECT 1 FROM jobs WHERE id = $1', [id])).rowCount).toBe(0);
    expect((await overview()).failed_total).toBe(0);

    const again = await as(admin, 'POST', `/admin/jobs/mail/${id}/retry`);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ detail: ADMIN_JOB_MESSAGES.gone });

    const { rows } = await t.db.pool.query(`SELECT actor_id, target_type, target_id, before, after FROM admin_audit_log WHERE action = 'job.retry'`);
    expect(rows).toEqual([
      {
        actor_id: admin.id,
        target_type: 'job',
        target_id: null,
        before: { queue: 'mail', job_id: id, kind: 'send-email', key: null, attempts: 5, error: 'SMTP said 451' },
        after: { state: 'waiting' },
      },
    ]);
  });

  it('should discard a failed job for good, only in the queue that holds it, and record it', async () => {
    const id = await failedJob('round-mails', { contest_id: 0 }, 'round-mails:0', 'Round 0 is not closed yet');
    expect((await as(admin, 'DELETE', `/admin/jobs/votes/${id}`)).status).toBe(404);
    expect((await as(admin, 'DELETE', `/admin/jobs/nowhere/${id}`)).status).toBe(404);
    expect((await as(admin, 'DELETE', `/admin/jobs/mail/not-a-number`)).status).toBe(404);
    expect((await as(admin, 'DELETE', `/admin/jobs/mail/99999999999999999999999`)).status).toBe(404);

    const res = await as(admin, 'DELETE', `/admin/jobs/mail/${id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as JobActionResult).state).toBe('discarded');
    expect((await t.db.pool.query('SELECT 1 FROM jobs WHERE id = $1', [id])).rowCount).toBe(0);
    expect((await as(admin, 'DELETE', `/admin/jobs/mail/${id}`)).status).toBe(404);
    const { rows } = await t.db.pool.query(`SELECT before, after FROM admin_audit_log WHERE action = 'job.discard'`);
    expect(rows).toEqual([{ before: expect.objectContaining({ job_id: id, kind: 'round-mails' }), after: null }]);
  });

  it('should list, retry and discard from the terminal with npm run jobs', async () => {
    const env = { DATABASE_URL: t.db.url, DATA_DIR: t.dataDir };
    const to = 'terminal@example.com';
    const retried = await failedJob('send-email', { to, subject: 'From the terminal', text: 'Hi', html: '<p>Hi</p>' }, 'mail:terminal', 'SMTP timed out');
    const dropped = await failedJob('round-mails', { contest_id: 0 }, null, 'Round 9 is not closed yet');

    const list = await jobsCommand(['list'], env);
    expect(list).toEqual(expect.objectContaining({ code: 0, stderr: '' }));
    expect(list.stdout).toMatch(/^mail\s+\d+\s+\d+\s+\d+\s+2\s/m);
    expect(list.stdout).toContain(`mail/${retried}  send-email (Send an e-mail)  key=mail:terminal  5 attempts`);
    expect(list.stdout).toContain('    SMTP timed out');
    expect(list.stdout).toContain(`mail/${dropped}  round-mails`);
    const json = JSON.parse((await jobsCommand(['list', '--json'], env)).stdout) as { total: number; jobs: { id: string }[] };
    expect(json.total).toBe(2);
    expect(json.jobs.map((j) => j.id).sort()).toEqual([retried, dropped].sort());

    const retry = await jobsCommand(['retry', `mail/${retried}`], env);
    expect(retry.code).toBe(0);
    expect(retry.stdout).toContain(`Queued again: mail/${retried}`);
    // The running server takes it at its next look.
    await waitForMails(t.dataDir, to, 1);
    await sleep(1500);
    expect(await mailsTo(t.dataDir, to)).toHaveLength(1);
    expect(await jobsCommand(['retry', 'mail', retried], env)).toEqual(
      expect.objectContaining({ code: 1, stderr: expect.stringContaining(ADMIN_JOB_MESSAGES.gone) }),
    );

    expect((await jobsCommand(['discard', 'mail', dropped], env)).code).toBe(0);
    expect((await t.db.pool.query(`SELECT 1 FROM jobs WHERE run_at = 'infinity'`)).rowCount).toBe(0);
    expect((await jobsCommand(['list'], env)).stdout).toContain('No failed jobs.');

    expect((await jobsCommand(['retry', 'mail'], env)).code).toBe(2);
    expect((await jobsCommand(['explode'], env)).code).toBe(2);
    expect((await jobsCommand([], env)).code).toBe(2);
  }, 90_000);
});
