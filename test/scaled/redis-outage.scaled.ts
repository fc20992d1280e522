// Redis goes away for 30 s while fans vote (scaled mode, on a Redis of the test's own): requests
// fail fast with 503 and Retry-After instead of hanging, readiness turns 503 within 2 s, and once
// Redis is back every vote answered 201 is counted exactly once, with nobody doing anything.
// Redis dies at the worst instant: right after it wrote a vote's counting job, before the api heard
// (a loopback proxy between the app and Redis drops that answer). The voters cut off so vote again
// afterwards, and each ends with exactly one vote counted: never two.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { TcpProxy } from '#test/helpers/tcp-proxy.mjs';
import { Cluster } from './support/cluster.mjs';
import { seedContest, type SeededContest } from './support/contest-seed.js';
import { expectEveryAcceptedVoteCountedOnce, expectOnlyCountedOrTryAgain } from './support/counted-once.js';
import { OwnRedis } from './support/own-redis.mjs';
import { streamVotes, type StreamedVote } from './support/vote-stream.js';
import { castVotes } from './support/voters.js';

const RATE = 60;
const BEFORE_S = 10;
const OUTAGE_S = 30;
const AFTER_S = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Scaled mode: Redis unreachable for 30 s while votes flow', () => {
  let redis: OwnRedis;
  let proxy: TcpProxy;
  let cluster: Cluster;
  let contest: SeededContest;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    proxy = await TcpProxy.start({ host: '127.0.0.1', port: redis.port });
    cluster = await Cluster.start({ apis: 1, workers: 1, redisUrl: `redis://127.0.0.1:${proxy.port}` });
    contest = await seedContest(cluster.db, { contestants: 4, groups: 2 });
  }, 120_000);

  afterAll(async () => {
    await redis?.restart();
    await proxy?.restore();
    await cluster?.teardown();
    await proxy?.stop();
    await redis?.stop();
  });

  /** Free votes of one voter for one contestant, beyond the first: none may exist. */
  const secondVotes = async () =>
    (
      await cluster.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM votes WHERE kind = 'free' GROUP BY entry_id, voter_hash HAVING count(*) > 1) twice`,
      )
    ).rows[0].n;

  it('should answer 503 at once meanwhile, turn unready within 2 s, and count every vote answered 201 once afterwards', async () => {
    const api = cluster.apiUrl(0);
    const stream = streamVotes([api], contest.contestants, { rate: RATE, seconds: BEFORE_S + OUTAGE_S + AFTER_S });
    await sleep(BEFORE_S * 1000);

    // The next counting job the api stores is written (Redis answers), its answer never reaches the
    // api, and Redis dies at that instant.
    await proxy.dropAnswerTo('"castAt"');
    const killedAt = Date.now();
    await redis.kill();
    await proxy.cut();
    let unreadyAfterMs: number | null = null;
    while (Date.now() - killedAt < 10_000) {
      const res = await fetch(`${api}/api/v1/health/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => null);
      if (res?.status === 503) {
        unreadyAfterMs = Date.now() - killedAt;
        break;
      }
      await sleep(100);
    }
    // Sign-in needs Redis too (its attempt limits): a clear 503, not a hang.
    const signIn = await fetch(`${api}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'fan@example.com', password: 'not-the-password' }),
      signal: AbortSignal.timeout(10_000),
    });
    await sleep(killedAt + OUTAGE_S * 1000 - Date.now());
    const restartingAt = Date.now();
    await redis.restart();
    await proxy.restore();
    const restoredAt = Date.now();

    const votes = await stream.done;
    const settled = await expectEveryAcceptedVoteCountedOnce(cluster, contest, votes, { withinMs: 60_000 });

    // Only votes in flight at the instant Redis died may be stored without a 201: their job was
    // written, its answer lost with the connection (the api cannot tell, and answers 503).
    const cutOff = votes.filter((v) => v.status !== 201 && v.at <= killedAt && v.at + v.ms >= killedAt);
    const inFlightAtKill = cutOff.length;
    expect(settled.extra).toBeLessThanOrEqual(inFlightAtKill);
    // At least the vote whose answer the proxy dropped was stored, though answered 503.
    expect(settled.extra).toBeGreaterThanOrEqual(1);

    // The voters cut off at the kill vote again. Whose first vote was stored is refused (403: it is
    // counted); whose was not is counted now. Each ends with exactly one vote, none with two.
    const again = await castVotes(
      api,
      cutOff.map((v) => ({ username: v.username, voter: v.voter })),
    );
    expect(again.filter((r) => r.status !== 201 && r.status !== 403)).toEqual([]);
    const retriedIn = again.filter((r) => r.status === 201).length;
    const retries: StreamedVote[] = again.map((r) => ({ ...r, at: Date.now(), ms: 0, retryAfter: null }));
    const afterRetries = await expectEveryAcceptedVoteCountedOnce(cluster, contest, [...votes, ...retries], { withinMs: 30_000 });
    expect(await secondVotes()).toBe(0);
    expect({ storedThough503: afterRetries.extra, countedOnRetry: retriedIn }).toEqual({
      storedThough503: settled.extra,
      countedOnRetry: inFlightAtKill - settled.extra,
    });
    expect(unreadyAfterMs).not.toBeNull();
    expect(unreadyAfterMs!).toBeLessThanOrEqual(2_000);
    expect([signIn.status, signIn.headers.get('retry-after')]).toEqual([503, '5']);
    expectOnlyCountedOrTryAgain(votes);
    // Cast while Redis was away (from a second after it went until it was started again): refused, never held until
    // it returned (a bound far above the milliseconds they take, so a busy shared host does not fail it).
    const during = votes.filter((v) => v.at > killedAt + 1_000 && v.at < restartingAt);
    expect(during.length).toBeGreaterThan(RATE * (OUTAGE_S - 2));
    expect(during.filter((v) => v.status !== 503)).toEqual([]);
    const slowest = Math.max(...during.map((v) => v.ms));
    const slow = during.filter((v) => v.ms >= 5_000).map((v) => ({ sentAfterKillMs: v.at - killedAt, ms: v.ms, status: v.status }));
    expect(slow).toEqual([]);
    // And votes are taken again once it is back.
    expect(votes.filter((v) => v.at > restoredAt + 3_000 && v.status === 201).length).toBeGreaterThan(RATE * (AFTER_S - 5));
    expect((await fetch(`${api}/api/v1/health/ready`)).status).toBe(200);
    // The outage is logged once per process when it starts, not once per connection and retry.
    for (const p of cluster.started) expect([p.name, p.output().match(/Redis unreachable/g)?.length ?? 0]).toEqual([p.name, 1]);
    // Nor once per request: the 503s it answered are answers, not errors to log.
    expect(cluster.apis[0].output().match(/"context":"HttpError"/g) ?? []).toEqual([]);
    console.log(
      `Redis outage: readiness 503 after ${unreadyAfterMs} ms; ${during.length} votes during it answered 503 in at most ${slowest} ms; ` +
        `${votes.filter((v) => v.status === 201).length} of ${votes.length} answered 201, all counted once ${settled.tookMs} ms after the stream ended; ${settled.extra} of ${inFlightAtKill} votes in flight at the kill were stored though answered 503 (their voters' retries refused), ${retriedIn} counted on retry`,
    );
  }, 240_000);
});
