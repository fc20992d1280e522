// A round's cut runs by itself at the round's end, exactly once, in scaled mode: set through one api
// process, watched through the other, with the workers killed and fresh ones started meanwhile; and a
// cut whose job Redis lost is queued again by a worker's start.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import type { Contest } from '#contract/contests/answers.js';
import { type ContestChangedEvent, type EntryEliminatedEvent, rooms } from '#contract/live/events.js';
import { signToken } from '#test/helpers/contest-fixtures.js';
import { mailsTo } from '../helpers/accounts.js';
import { eventually } from '../helpers/source-address.js';
import { Cluster } from './support/cluster.mjs';
import { seedContest, type SeededContest } from './support/contest-seed.js';
import { listen, type Listener } from './support/listener.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Scaled mode: rounds that cut themselves', () => {
  let cluster: Cluster;
  let contest: SeededContest;
  let onB: Listener;
  let contestsQueue: Queue;
  let token: string;
  const eliminated: EntryEliminatedEvent[] = [];
  const changes: ContestChangedEvent[] = [];

  beforeAll(async () => {
    cluster = await Cluster.start({ apis: 2, workers: 2 });
    // Round robin over two groups: group 1 gets contestants 0, 2, 4; group 2 gets 1, 3, 5.
    contest = await seedContest(cluster.db, { contestants: 6, groups: 2 });
    const votes = [9, 7, 5, 3, 5, 1];
    for (const [i, c] of contest.contestants.entries()) {
      // In the ledger (dated now, before the rounds end), which the cuts rank, and counted.
      await cluster.db.query(
        `WITH ins AS (INSERT INTO votes (id, profile_id, entry_id, contest_id, group_id, kind)
                      SELECT gen_random_uuid(), e.profile_id, e.id, e.contest_id, e.group_id, 'free' FROM contest_entries e, generate_series(1, $1) WHERE e.id = $2
                      RETURNING 1)
         UPDATE contest_entries SET current_contest_votes = (SELECT count(*) FROM ins) WHERE id = $2`,
        [votes[i], c.entryId],
      );
    }
    const { rows } = await cluster.db.query(
      `INSERT INTO users (username, email, password_hash, first_name, last_name, is_superuser, staff_role, is_competitor, is_verified)
       VALUES ('rounds_admin', 'rounds_admin@example.com', 'hash-rounds-admin', 'Round', 'Admin', true, 'owner', false, true)
       RETURNING username, email, password_hash, is_superuser, is_verified`,
    );
    token = signToken({ env: cluster.env }, rows[0]);
    onB = await listen(cluster.apiUrl(1), [rooms.contest(contest.contestId)]);
    onB.socket.on('eliminated', (e) => eliminated.push(e));
    onB.socket.on('contest', (e) => changes.push(e));
    contestsQueue = new Queue('contests', { connection: { url: cluster.env.REDIS_URL }, prefix: `${cluster.redisPrefix}:bull` });
  }, 120_000);

  afterAll(async () => {
    onB?.close();
    await contestsQueue?.close();
    await cluster?.teardown();
  });

  const put = async (api: number, body: unknown) => {
    const res = await fetch(`${cluster.apiUrl(api)}/api/v1/admin/contests/${contest.contestId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = await res.json();
    expect({ status: res.status, answer }).toEqual({ status: 200, answer: expect.anything() });
    return answer as Contest;
  };
  const entries = async () =>
    (
      await cluster.db.query('SELECT id, is_eliminated, eliminated_in_round, winner_place FROM contest_entries WHERE contest_id = $1 ORDER BY id', [
        contest.contestId,
      ])
    ).rows as { id: number; is_eliminated: boolean; eliminated_in_round: number | null; winner_place: number | null }[];
  const roundsOf = async () =>
    (await cluster.db.query('SELECT id, position, closed_at FROM contest_rounds WHERE contest_id = $1 ORDER BY position', [contest.contestId])).rows as {
      id: number;
      position: number;
      closed_at: Date | null;
    }[];

  it('should cut each group once at the round’s end, whichever processes are alive, and tell a socket on the other api process', async () => {
    const endsAt = new Date(Date.now() + 4000).toISOString();
    const set = await put(0, {
      winners: 1,
      rounds: [
        { name: 'Heats', ends_at: endsAt, advance_per_group: 2 },
        { name: 'Final', ends_at: new Date(Date.now() + 3600_000).toISOString() },
      ],
    });
    expect(set.rounds.map((r) => r.state)).toEqual(['running', 'upcoming']);
    // Both workers die before the round ends; two fresh ones start after it (each queues the open rounds' cuts again at its start).
    for (const w of [...cluster.workers]) await cluster.kill(w, 'SIGKILL');
    await sleep(Math.max(0, Date.parse(endsAt) - Date.now() + 500));
    expect((await entries()).some((e) => e.is_eliminated)).toBe(false);
    await Promise.all([cluster.startWorker(), cluster.startWorker()]);

    await eventually('the first round to close', roundsOf, (r) => r[0].closed_at !== null, 30_000);
    await sleep(1000);
    const [heats] = await roundsOf();
    // Group 1 (9, 5, 5): the two tied at 5 share rank 2 and both go on. Group 2 (7, 3, 1): 1 is out.
    const out = contest.contestants[5];
    expect((await entries()).filter((e) => e.is_eliminated)).toEqual([
      { id: out.entryId, is_eliminated: true, eliminated_in_round: heats.id, winner_place: null },
    ]);
    await eventually(
      'the elimination to reach api B',
      async () => eliminated.length,
      (n) => n >= 1,
      10_000,
    );
    await sleep(500);
    expect(eliminated).toEqual([{ entry_id: out.entryId, username: out.username, contest_id: contest.contestId, group_id: out.groupId }]);
    expect(changes.at(-1)).toMatchObject({ id: contest.contestId, current_round: 2 });

    // Each of the six got one result e-mail in the shared outbox, whichever worker sent it: advanced or not.
    const outbox = (c: SeededContest['contestants'][number]) => mailsTo(cluster.dataDir, `${c.username}@example.com`);
    await eventually(
      'the result e-mails',
      async () => (await Promise.all(contest.contestants.map(outbox))).map((m) => m.length),
      (counts) => counts.every((n) => n >= 1),
      20_000,
    );
    await sleep(1000);
    const results = await Promise.all(contest.contestants.map(outbox));
    expect(results.map((m) => m.length)).toEqual([1, 1, 1, 1, 1, 1]);
    const outcome = (mail: string) =>
      /^Subject: Heats results: your run in .* ends here$/m.test(mail) ? 'out' : /^Subject: You advanced to Final in /m.test(mail) ? 'on' : mail;
    expect(results.map((m) => outcome(m[0]))).toEqual(contest.contestants.map((c) => (c === out ? 'out' : 'on')));
  }, 120_000);

  it('should queue again, at a worker’s start, a cut whose job Redis lost, and name the winner once', async () => {
    const current = (await (
      await fetch(`${cluster.apiUrl(1)}/api/v1/admin/contests/${contest.contestId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Contest;
    const keep = current.rounds.map((r) => ({ name: r.name, ends_at: r.ends_at, advance_per_group: r.advance_per_group, advance_total: r.advance_total }));
    keep[1].ends_at = new Date(Date.now() + 3000).toISOString();
    await put(1, { rounds: keep });
    const finalId = current.rounds[1].id;
    // Redis loses the final's job (as a flush would), and the workers stop before it falls due.
    for (const w of [...cluster.workers]) await cluster.kill(w, 'SIGKILL');
    const jobs = await contestsQueue.getJobs(['delayed', 'waiting']);
    const lost = jobs.filter((j) => (j.data as { round_id: number }).round_id === finalId);
    expect(lost.length).toBeGreaterThan(0);
    for (const job of lost) await job.remove();
    await sleep(Math.max(0, Date.parse(keep[1].ends_at) - Date.now() + 500));
    await cluster.startWorker();

    await eventually('the final to close', roundsOf, (r) => r[1].closed_at !== null, 30_000);
    const winners = (await entries()).filter((e) => e.winner_place !== null);
    expect(winners).toEqual([{ id: contest.contestants[0].entryId, is_eliminated: false, eliminated_in_round: null, winner_place: 1 }]);
    // Nobody else was eliminated by the last round.
    expect((await entries()).filter((e) => e.is_eliminated)).toHaveLength(1);
    expect(await contestsQueue.getJobCounts('failed')).toEqual({ failed: 0 });
  }, 120_000);
});
