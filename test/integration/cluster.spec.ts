// `npm start` with WEB_CONCURRENCY=2 (decision 043): two api processes on one port and one embedded
// PostgreSQL. Limits hold across the processes, a vote taken by either is seen on sockets held by both,
// /metrics and /health/ready answer for the whole, a process that dies is started again, and a change of
// the site's settings through one process is seen through the other at once.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { rooms, type TallyEvent } from '#contract/live/events.js';
import { loginForm, verifiedUser } from '../helpers/accounts.js';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aJob } from '../helpers/factories.js';
import { npmStart, processes, type NpmStartedApp } from '../helpers/npm-start.js';
import { recordingSocket, type RecordingSocket } from '../helpers/recording-socket.js';
import { eventually, loopbackAddress, requestFrom } from '../helpers/source-address.js';

/** The app's cluster workers now: pid and number (from the environment the primary forked them with). */
function workers(t: NpmStartedApp): { pid: number; n: number }[] {
  const found: { pid: number; n: number }[] = [];
  for (const p of processes()) {
    if (p.pgid !== t.group || p.state === 'Z') continue;
    let env: string;
    try {
      env = readFileSync(`/proc/${p.pid}/environ`, 'utf8');
    } catch {
      continue;
    }
    const n = /(?:^|\0)SCREAMSTAGE_CLUSTER_WORKER=(\d+)/.exec(env)?.[1];
    if (n) found.push({ pid: p.pid, n: Number(n) });
  }
  return found.sort((a, b) => a.n - b.n);
}

const tallyVotes = (s: RecordingSocket, username: string): number | undefined =>
  s.received
    .filter((r) => r.event === 'tally')
    .flatMap((r) => (r.payload as TallyEvent).entries)
    .filter((e) => e.username === username)
    .at(-1)?.votes;

describe('npm start with WEB_CONCURRENCY=2', () => {
  let t: NpmStartedApp;
  let star: TestAccount;
  let groupId: number;
  const sockets: RecordingSocket[] = [];

  beforeAll(async () => {
    t = await npmStart({ WEB_CONCURRENCY: '2', TRUST_PROXY: 'loopback', LOGIN_MAX_FAILURES: '5' });
    await eventually(
      'both processes ready',
      async () => (await fetch(`${t.api}/health/ready`)).status,
      (s) => s === 200,
      60_000,
    );
    const contest = await insertContest(t, { name: 'Cluster Cup', isCurrent: true, groupSizeCap: 10 });
    [star] = await createAccounts(t, 'clu', 1);
    expect((await join(t, star, contest)).status).toBe(201);
    groupId = (await t.db.pool.query('SELECT group_id FROM contest_entries WHERE profile_id = $1', [star.profileId])).rows[0].group_id;
  }, 180_000);
  afterAll(async () => {
    for (const s of sockets) s.socket.close();
    await t?.stop();
  });

  it('should run two server processes under one primary, the first of them running the jobs', async () => {
    expect(workers(t).map((w) => w.n)).toEqual([1, 2]);
    const ready = await fetch(`${t.api}/health/ready`);
    expect(await ready.json()).toMatchObject({ status: 'ok', database: 'ok', migrations: 'ok' });
    expect(t.output()).toContain('is running at');
    expect(t.output()).toContain('(2 processes)');
  });

  it('should count one free vote per network and contestant whichever process takes it', async () => {
    // Fresh connections, so they are spread over both processes.
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => requestFrom(`${t.api}/contestants/${star.username}/vote`, 'POST', { from: loopbackAddress(0, 7) })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 403)).toBe(true);
  });

  it('should hold the sign-in limit across processes: at most LOGIN_MAX_FAILURES of 30 simultaneous wrong passwords are checked', async () => {
    const victim = await verifiedUser(t, 'cluvictim');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        requestFrom(`${t.api}/auth/login`, 'POST', {
          headers: { 'x-forwarded-for': '10.7.0.1' },
          body: Object.fromEntries(loginForm(victim.username, 'wrong-password')),
        }),
      ),
    );
    const checked = answers.map((a) => a.status).filter((s) => s !== 429);
    expect(checked.length).toBeGreaterThan(0);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(checked.every((s) => s === 400)).toBe(true);
  });

  it('should show a vote on every socket, those held by the process that did not count it too', async () => {
    for (let i = 0; i < 6; i++) {
      const s = await recordingSocket(t.baseUrl);
      expect((await s.socket.emitWithAck('subscribe', [rooms.group(groupId)])).ok).toBe(true);
      sockets.push(s);
    }
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => requestFrom(`${t.api}/contestants/${star.username}/vote`, 'POST', { from: loopbackAddress(i, 8) })),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    // 21 with the vote of the test before.
    await eventually(
      'every socket sees 21 votes',
      async () => sockets.map((s) => tallyVotes(s, star.username)),
      (seen) => seen.every((v) => v === 21),
    );

    // The sockets of process 2 (which runs no jobs: every vote was counted by process 1) close with it:
    // some did, so they got the tallies through the cluster, and the others stayed with process 1.
    const second = workers(t).find((w) => w.n === 2)!;
    process.kill(second.pid, 'SIGKILL');
    await eventually(
      'the sockets of the killed process closed',
      async () => sockets.filter((s) => !s.socket.connected).length,
      (n) => n > 0,
    );
    const closed = sockets.filter((s) => !s.socket.connected).length;
    expect(closed).toBeLessThan(sockets.length);
    // While process 2 is away (a pause, then a start of seconds), process 1 runs the jobs and serves: the whole stays ready.
    await eventually(
      'the primary saw process 2 stop',
      async () => t.output(),
      (out) => out.includes('server process 2 starts again in 1 s'),
    );
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await fetch(`${t.api}/health/ready`)).status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(t.output().split('server process 2 is running').length - 1).toBe(1);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
  }, 60_000);

  it('should start a process that died again after a pause, and stay ready meanwhile', async () => {
    const back = await eventually(
      'process 2 forked again',
      async () => workers(t),
      (w) => w.length === 2 && w[1].n === 2,
      60_000,
    );
    expect(back.map((w) => w.n)).toEqual([1, 2]);
    await eventually(
      'process 2 running again',
      async () => t.output().split('server process 2 is running').length - 1,
      (n) => n === 2,
      60_000,
    );
    expect((await fetch(`${t.api}/health/ready`)).status).toBe(200);
    expect(t.output()).toContain('server process 2 stopped unexpectedly');
    expect(t.output()).toContain('server process 2 starts again in 1 s');
  }, 130_000);

  it('should answer /metrics for both processes together', async () => {
    const before = await metricValue(t, 'screamstage_votes_accepted_total{kind="free"}');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => requestFrom(`${t.api}/contestants/${star.username}/vote`, 'POST', { from: loopbackAddress(i, 9) })),
    );
    expect(answers.every((a) => a.status === 201)).toBe(true);
    // Ten fresh connections went to both processes; either one answers /metrics with the sum.
    expect((await metricValue(t, 'screamstage_votes_accepted_total{kind="free"}')) - before).toBe(10);
    expect((await metricValue(t, 'screamstage_votes_accepted_total{kind="free"}')) - before).toBe(10);
  });

  it('should count what every process reads from the shared database once in /metrics, not once per process', async () => {
    const series = 'screamstage_queue_failed_jobs{queue="mail"}';
    const before = await metricValue(t, series);
    // A job that failed every attempt (kept, never run again): every process reads it from the one database.
    await aJob(t.db, { name: 'send-email', payload: {}, run_at: 'infinity' });
    expect((await metricValue(t, series)) - before).toBe(1);
    expect((await metricValue(t, series)) - before).toBe(1);
  });

  it("should show the site's settings saved through one process through the other at once, not after its cache's lifetime", async () => {
    const [organizer] = await createAccounts(t, 'clusite', 1, 'organizer');
    const names = async () => {
      // Fresh connections reach both processes; each has read the settings into its own cache.
      const answers = await Promise.all(Array.from({ length: 12 }, () => requestFrom(`${t.api}/site`, 'GET')));
      return new Set(answers.map((a) => a.body.product_name));
    };
    expect(await names()).toEqual(new Set(['ScreamStage']));
    const current = await requestFrom(`${t.api}/admin/site`, 'GET', { token: organizer.token });
    expect(current.status).toBe(200);
    const saved = await requestFrom(`${t.api}/admin/site`, 'PUT', { token: organizer.token, body: { ...current.body, site_name: 'Cluster Stage' } });
    expect(saved.status).toBe(200);
    expect(await names()).toEqual(new Set(['Cluster Stage']));
  });
});

/** One series of /metrics, read over a fresh connection (no keep-alive), so consecutive reads reach either process. */
async function metricValue(t: NpmStartedApp, series: string): Promise<number> {
  const text = await new Promise<string>((resolve, reject) => {
    http
      .get(`${t.baseUrl}/metrics`, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.split(' ')[1]) : 0;
}
