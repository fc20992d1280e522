// Prometheus metrics through GET /metrics, one process: who may read them, and our metrics moving
// with votes (accepted, refused, counted), a failing job, the job queue and HTTP requests.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createAccounts, insertContest, join } from '../helpers/contest-fixtures.js';
import { aJob } from '../helpers/factories.js';
import { eventually, requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';
import { recordingSocket } from '../helpers/recording-socket.js';
import { rooms } from '#contract/live/events.js';

const TOKEN = 'metrics-token-for-the-test-1234';

/** One sample's value from the exposition text (labels as written, in order); undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics', () => {
  let t: TestServer;
  const scrape = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${t.baseUrl}/metrics`, { headers });
    return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
  };

  beforeAll(async () => {
    // Requests from 127.0.0.1 are a proxy's: its X-Forwarded-For names the client.
    t = await startTestServer({ TRUST_PROXY: '127.0.0.1', METRICS_TOKEN: TOKEN });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('should serve this machine, refuse a forwarded outside client without the token, and serve it with the token', async () => {
    const local = await scrape();
    expect(local.status).toBe(200);
    expect(local.type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(local.text).toContain('# TYPE screamstage_process_cpu_user_seconds_total counter');
    expect(sample(local.text, 'screamstage_sockets_connected')).toBe(0);

    const outside = { 'x-forwarded-for': '203.0.113.7' };
    const refused = await scrape(outside);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('screamstage_');
    expect((await scrape({ ...outside, authorization: 'Bearer not-the-token-at-all-00000' })).status).toBe(403);
    expect((await scrape({ ...outside, authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    // A forwarding header that names this machine is still a proxied request, which a client can forge.
    expect((await scrape({ 'x-forwarded-for': '127.0.0.1' })).status).toBe(403);
  });

  it('should count votes accepted, refused by reason and counted, and time requests by route', async () => {
    const contest = await insertContest(t, { name: 'Metric Cup', isCurrent: true, groupSizeCap: 10 });
    const [star] = await createAccounts(t, 'metric_star', 1);
    expect((await join(t, star, contest)).status).toBe(201);
    // A watcher of the contestant: tallies are written only to sockets this process holds.
    const watcher = await recordingSocket(t.baseUrl);
    expect((await watcher.socket.emitWithAck('subscribe', [rooms.contestant(star.username)])).ok).toBe(true);
    const vote = () => requestFrom(`${t.api}/contestants/${star.username}/vote`, 'POST', { headers: { 'x-forwarded-for': '198.51.100.9' } });
    expect((await vote()).status).toBe(201);
    expect((await vote()).status).toBe(403);

    const text = await eventually(
      'the vote to be counted',
      async () => (await scrape()).text,
      (m) => sample(m, 'screamstage_votes_counted_total') === 1,
      20_000,
    );
    expect(sample(text, 'screamstage_votes_accepted_total', 'kind="free"')).toBe(1);
    expect(sample(text, 'screamstage_votes_refused_total', 'reason="already_voted"')).toBe(1);
    expect(sample(text, 'screamstage_http_request_duration_seconds_count', 'method="POST",route="/api/v1/contestants/:username/vote",status="2xx"')).toBe(1);
    expect(sample(text, 'screamstage_http_request_duration_seconds_count', 'method="POST",route="/api/v1/contestants/:username/vote",status="4xx"')).toBe(1);
    await eventually(
      'the tally to reach the watcher',
      async () => watcher.received.filter((r) => r.event === 'tally').length,
      (n) => n >= 1,
    );
    watcher.socket.close();
    const after = (await scrape()).text;
    expect(sample(after, 'screamstage_room_updates_sent_total', 'event="tally"')).toBeGreaterThanOrEqual(1);
    // Each tallied group's current tick: one of the steps of the base tick (longer while this process is busy).
    expect(after).toMatch(/^screamstage_live_tick_ms\{group="\d+"\} (100|250|500|1000)$/m);
    expect(sample(after, 'screamstage_live_tick_load_steps')).toBeGreaterThanOrEqual(0);
  });

  it('should count a failing job’s attempts and show it in its queue', async () => {
    // A round's e-mails wait for the round to close: for a round that does not exist, every attempt fails.
    await aJob(t.db, {
      name: 'round-mails',
      payload: { contest_id: 0, contest_name: 'None', round_id: 0, round_name: 'None', next_round_name: null, scope: 'group', results: [] },
    });
    const text = await eventually(
      'the failed attempt',
      async () => (await scrape()).text,
      (m) => (sample(m, 'screamstage_jobs_failed_total', 'job="round-mails"') ?? 0) >= 1,
      20_000,
    );
    // Waiting for its retry, in the mail queue.
    expect(sample(text, 'screamstage_queue_delayed_jobs', 'queue="mail"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'screamstage_queue_failed_jobs', 'queue="mail"')).toBe(0);
    await t.db.pool.query(`DELETE FROM jobs WHERE name = 'round-mails'`);
  });
});
