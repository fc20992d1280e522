// The optional proof-of-work on free votes (ALTCHA): with VOTE_CHALLENGE=always a vote without a
// solved challenge answers 428, a solved one counts once, a tampered or reused one is refused; a
// contest may switch it off or ask it only for the entries the review currently flags.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import { VOTE_CHALLENGE_MESSAGES, VOTE_MESSAGES } from '#contract/votes/messages.js';
import { CHALLENGES_PER_NETWORK_PER_MINUTE } from '#server/modules/votes/review/vote-challenges.js';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { aVoteFlag } from '../helpers/factories.js';
import { requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('the free-vote challenge', () => {
  let t: TestServer;
  let contest: number;
  let star: TestAccount;
  let other: TestAccount;

  const vote = (a: TestAccount, client: string, body?: unknown) =>
    requestFrom(`${t.api}/contestants/${a.username}/vote`, 'POST', { headers: { 'x-forwarded-for': client }, body });
  /** A challenge from the API, solved as a browser would, as the vote's `altcha`. */
  const solved = async () => {
    const answer = await requestFrom(`${t.api}/votes/challenge`, 'GET');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const challenge = answer.body as unknown as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    return { challenge, solution: solution!, altcha: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64') };
  };

  beforeAll(async () => {
    t = await startTestServer({ TRUST_PROXY: '127.0.0.1', VOTE_CHALLENGE: 'always', VOTE_CHALLENGE_MAX_NUMBER: '2000' });
    contest = await insertContest(t, { name: 'Puzzle Cup', isCurrent: true, groupSizeCap: 50 });
    [star, other] = await createAccounts(t, 'chal_star', 2);
    for (const a of [star, other]) expect((await join(t, a, contest)).status).toBe(201);
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('should ask for a solved challenge (428), count a vote that carries one, and refuse it a second time', async () => {
    const bare = await vote(star, '198.51.100.1');
    expect(bare).toMatchObject({ status: 428, body: { detail: VOTE_CHALLENGE_MESSAGES.required } });
    const { challenge, altcha } = await solved();
    // Signed, short-lived, and within the configured work.
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1 });
    expect(challenge.parameters.expiresAt! * 1000 - Date.now()).toBeLessThanOrEqual(600_000);
    expect(typeof challenge.signature).toBe('string');

    expect(await vote(star, '198.51.100.1', { altcha })).toMatchObject({ status: 201, body: { message: VOTE_MESSAGES.counted } });
    // The same solution from another voter: spent.
    expect(await vote(star, '198.51.100.2', { altcha })).toMatchObject({ status: 428, body: { detail: VOTE_CHALLENGE_MESSAGES.invalid } });
    // A fresh one lets that voter in.
    expect((await vote(star, '198.51.100.2', { altcha: (await solved()).altcha })).status).toBe(201);
    // Someone who already voted is told so at once, not sent to solve a puzzle for a refused vote.
    expect(await vote(star, '198.51.100.1')).toMatchObject({ status: 403, body: { detail: VOTE_MESSAGES.alreadyCasted } });
  });

  it('should refuse a wrong answer, a tampered challenge and anything that is no payload, with 428 or 422', async () => {
    const { challenge, solution } = await solved();
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    // The derived key is the proof (the counter only says where it was found): any other key fails.
    const wrong = encode({
      challenge,
      solution: { ...solution, derivedKey: `${solution.derivedKey.slice(0, -1)}${solution.derivedKey.endsWith('0') ? '1' : '0'}` },
    });
    const cheaper = encode({ challenge: { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '00' } }, solution });
    for (const altcha of [wrong, cheaper, 'not base64 json', encode({ challenge: null })]) {
      expect(await vote(star, '198.51.100.3', { altcha })).toMatchObject({ status: 428, body: { detail: VOTE_CHALLENGE_MESSAGES.invalid } });
    }
    expect((await vote(star, '198.51.100.3', { altcha: 42 })).status).toBe(422);
    // The untouched solution still works: the refusals above spent nothing.
    expect((await vote(star, '198.51.100.3', { altcha: encode({ challenge, solution }) })).status).toBe(201);
  });

  it("should follow the contest's own rule: off, or only for the entries the review currently flags", async () => {
    await t.db.pool.query(`UPDATE contests SET vote_challenge = 'off' WHERE id = $1`, [contest]);
    // The vote path caches its target briefly: wait it out.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await vote(star, '198.51.100.10')).status).toBe(201);

    await t.db.pool.query(`UPDATE contests SET vote_challenge = 'flagged' WHERE id = $1`, [contest]);
    const { rows: flagged } = await t.db.pool.query('SELECT id FROM contest_entries WHERE profile_id = $1', [star.profileId]);
    for (const entry of flagged) await aVoteFlag(t.db, entry.id, { kind: 'network_block', detail: 'a test flag', votes: 60 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await vote(star, '198.51.100.11')).status).toBe(428);
    expect((await vote(other, '198.51.100.11')).status).toBe(201);
    expect((await vote(star, '198.51.100.11', { altcha: (await solved()).altcha })).status).toBe(201);
  }, 30_000);

  it('should issue a network at most its challenges a minute, then answer 429 with Retry-After, other networks unaffected', async () => {
    const ask = (client: string) => requestFrom(`${t.api}/votes/challenge`, 'GET', { headers: { 'x-forwarded-for': client } });
    for (let i = 0; i < CHALLENGES_PER_NETWORK_PER_MINUTE; i++) expect((await ask('203.0.113.50')).status).toBe(200);
    const refused = await ask('203.0.113.50');
    expect(refused).toMatchObject({ status: 429, body: { detail: VOTE_CHALLENGE_MESSAGES.tooMany } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await ask('203.0.113.51')).status).toBe(200);
  });
});
