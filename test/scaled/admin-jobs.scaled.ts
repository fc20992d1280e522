// The admin's view of the job queues in scaled mode (BullMQ on Redis): a job that failed every attempt
// is listed by an api process with its error, and a retry runs it once on a worker started afterwards;
// a discard removes one for good.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, Worker } from 'bullmq';
import type { AdminJobsOverview, JobActionResult } from '#contract/jobs/answers.js';
import { signToken } from '#test/helpers/contest-fixtures.js';
import { mailsTo, waitForMails } from '../helpers/accounts.js';
import { Cluster } from './support/cluster.mjs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Scaled mode: the admin jobs view', () => {
  let cluster: Cluster;
  let mailQueue: Queue;
  let token: string;

  const as = async (method: string, path: string) => {
    const res = await fetch(`${cluster.apiUrl(0)}/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  /** A send-email job taken by a stand-in worker and failed for good, as a job that failed every attempt. */
  const failedMail = async (to: string, error: string): Promise<string> => {
    const connection = { url: cluster.env.REDIS_URL };
    const prefix = `${cluster.redisPrefix}:bull`;
    const added = await mailQueue.add('send-email', { to, subject: 'Round results', text: 'You advanced', html: '<p>You advanced</p>' }, { attempts: 1 });
    const standIn = new Worker('mail', null, { connection, prefix });
    try {
      const job = await standIn.getNextJob('stand-in');
      expect(job?.id).toBe(added.id);
      await job!.moveToFailed(new Error(error), 'stand-in');
    } finally {
      await standIn.close();
    }
    return added.id!;
  };

  beforeAll(async () => {
    // No worker yet: nothing takes the jobs until the test starts one.
    cluster = await Cluster.start({ apis: 1, workers: 0 });
    const { rows } = await cluster.db.query(
      `INSERT INTO users (username, email, password_hash, first_name, last_name, is_superuser, staff_role, is_competitor, is_verified)
       VALUES ('jobs_admin', 'jobs_admin@example.com', 'hash-jobs-admin', 'Job', 'Admin', true, 'owner', false, true)
       RETURNING username, email, password_hash, is_superuser, is_verified`,
    );
    token = signToken({ env: cluster.env }, rows[0]);
    mailQueue = new Queue('mail', { connection: { url: cluster.env.REDIS_URL }, prefix: `${cluster.redisPrefix}:bull` });
  }, 120_000);

  afterAll(async () => {
    await mailQueue?.close();
    await cluster?.teardown();
  });

  it('should list a failed job with its error, run it once on retry, and discard another', async () => {
    const to = 'scaled_retry@example.com';
    const retried = await failedMail(to, 'SMTP said 451: try later');
    const dropped = await failedMail('scaled_drop@example.com', 'SMTP said 550: no such mailbox');

    const listed = await as('GET', '/admin/jobs');
    expect(listed.status).toBe(200);
    const overview = listed.body as AdminJobsOverview;
    expect(overview.mode).toBe('bullmq');
    expect(overview.queues.find((q) => q.queue === 'mail')).toEqual(expect.objectContaining({ failed: 2, waiting: 0, running: 0 }));
    expect(overview.failed_total).toBe(2);
    expect(overview.failed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: retried, queue: 'mail', kind: 'send-email', attempts: 1, error: 'SMTP said 451: try later' }),
        expect.objectContaining({ id: dropped, queue: 'mail', kind: 'send-email', error: 'SMTP said 550: no such mailbox' }),
      ]),
    );

    // The terminal's list reads the same BullMQ queues.
    const cli = await promisify(execFile)(process.execPath, [path.resolve('dist/server/src/cli/jobs.js'), 'list'], {
      env: { PATH: process.env.PATH ?? '', ...cluster.env, LOG_LEVEL: 'warn' },
      timeout: 60_000,
    });
    expect(cli.stdout).toContain(`mail/${retried}  send-email (Send an e-mail)  1 attempts`);
    expect(cli.stdout).toContain('the BullMQ queues on REDIS_URL');

    const retry = await as('POST', `/admin/jobs/mail/${retried}/retry`);
    expect(retry.status).toBe(200);
    expect((retry.body as JobActionResult).state).toBe('waiting');
    expect((await as('POST', `/admin/jobs/mail/${retried}/retry`)).status).toBe(404);
    await cluster.startWorker();
    await waitForMails(cluster.dataDir, to, 1, 20_000);
    await sleep(1500);
    expect(await mailsTo(cluster.dataDir, to)).toHaveLength(1);

    expect((await as('DELETE', `/admin/jobs/mail/${dropped}`)).status).toBe(200);
    expect(await mailQueue.getJob(dropped)).toBeUndefined();
    expect(await mailsTo(cluster.dataDir, 'scaled_drop@example.com')).toEqual([]);
    const after = (await as('GET', '/admin/jobs')).body as AdminJobsOverview;
    expect({ failed: after.failed, total: after.failed_total }).toEqual({ failed: [], total: 0 });
    const { rows } = await cluster.db.query(`SELECT action FROM admin_audit_log ORDER BY id`);
    expect(rows.map((r) => r.action)).toEqual(['job.retry', 'job.discard']);
  });
});
