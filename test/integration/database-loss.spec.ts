// The embedded database dying (decision 019): PostgreSQL killed under a running app.
// Votes in progress then answer 503 (never 500), and the app exits non-zero saying what happened.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERVICE_MESSAGES } from '#contract/common/messages.js';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { holdRequest } from '../helpers/in-flight.js';
import { npmStart, stillRunning, type NpmStartedApp } from '../helpers/npm-start.js';
import { eventually, loopbackAddress, requestFrom } from '../helpers/source-address.js';

describe('the embedded PostgreSQL killed under the app', () => {
  let app: NpmStartedApp;
  let star: TestAccount;

  beforeAll(async () => {
    app = await npmStart();
    const contest = await insertContest(app, { name: 'Blackout Cup', isCurrent: true });
    [star] = await createAccounts(app, 'blackout', 1);
    expect((await join(app, star, contest)).status).toBe(201);
  }, 180_000);
  afterAll(async () => {
    await app?.stop();
  });

  it('should answer a vote 503 with a clear detail, then exit non-zero with a message naming the database', async () => {
    const voteUrl = `${app.api}/contestants/${star.username}/vote`;
    expect((await requestFrom(voteUrl, 'POST', { from: loopbackAddress(0, 7) })).status).toBe(201);
    // A second voter's vote, held before its last byte, so it is handled once the database is gone.
    const vote = holdRequest(voteUrl, { body: Buffer.from('{}'), headers: { 'content-type': 'application/json' }, from: loopbackAddress(1, 7) });
    await eventually(
      'the server to take the vote',
      async () => app.output(),
      (out) => out.split(`"url":"/api/v1/contestants/${star.username}/vote"`).length === 3,
    );
    const postmaster = app.postmasterPid();
    const family = app.family();

    process.kill(postmaster, 'SIGKILL');
    await eventually(
      'PostgreSQL to be gone',
      async () => stillRunning(new Set([postmaster]), new Set()),
      (left) => left.length === 0,
    );
    // Whatever the app does next (exits, or keeps running), the vote in progress is answered.
    await eventually(
      'the app to notice',
      async () => app.output(),
      (out) => out.includes('stopped unexpectedly'),
      5_000,
    ).catch(() => undefined);
    const answer = await vote.finish();
    expect(answer).toEqual({ status: 503, body: { detail: SERVICE_MESSAGES.databaseUnavailable } });

    const exit = await Promise.race([app.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000))]);
    expect(exit).not.toBeNull();
    expect(exit!.code).not.toBe(0);
    expect(app.output()).toContain(`The embedded PostgreSQL (${app.dataDir}/postgres) was killed by SIGKILL. ScreamStage is stopping.`);
    expect(app.output()).toContain('Start it again with npm start');
    await eventually(
      'every process of the app and its database to exit',
      async () => stillRunning(family.pids, family.groups),
      (left) => left.length === 0,
    );
  }, 120_000);
});
