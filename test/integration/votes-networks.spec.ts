// The free-vote limit counts a client's network: every address of one IPv6 /64 is one voter, while
// IPv4 clients count by address (and an IPv4-mapped IPv6 address as its IPv4 one). Clients are
// presented through X-Forwarded-For from a proxy TRUST_PROXY names (loopback), with addresses of the
// documentation ranges; the ledger keeps keyed hashes of the address and of the network, never either.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VOTE_MESSAGES } from '#contract/votes/messages.js';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually, requestFrom } from '../helpers/source-address.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const VOTER_HASH_KEY = 'votes-networks-spec-voter-hash-key-0123456789';
const hmac = (value: string) => createHmac('sha256', VOTER_HASH_KEY).update(value).digest('hex');

describe('free votes per network', () => {
  let t: TestServer;
  let contest: number;

  const vote = (a: TestAccount, client: string, token?: string) =>
    requestFrom(`${t.api}/contestants/${a.username}/vote`, 'POST', { headers: { 'x-forwarded-for': client }, token });
  const check = async (a: TestAccount, client: string) =>
    (await requestFrom(`${t.api}/contestants/${a.username}/vote-check/`, 'GET', { headers: { 'x-forwarded-for': client } })).body;
  const entrant = async (prefix: string) => {
    const [a] = await createAccounts(t, prefix, 1);
    expect((await join(t, a, contest)).status).toBe(201);
    return a;
  };

  beforeAll(async () => {
    t = await startTestServer({ TRUST_PROXY: '127.0.0.1', VOTER_HASH_KEY });
    contest = await insertContest(t, { name: 'Network Cup', isCurrent: true, groupSizeCap: 50 });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  it('should give one free vote to a whole IPv6 /64, whatever address of it asks, and one to each other /64', async () => {
    const star = await entrant('net_v6');
    expect((await vote(star, '2001:db8:10:20::1')).status).toBe(201);
    for (const sameNetwork of ['2001:db8:10:20::2', '2001:db8:10:20:ffff:ffff:ffff:fffe', '2001:db8:10:20:1234:5678:9abc:def0']) {
      const again = await vote(star, sameNetwork);
      expect({ sameNetwork, status: again.status, detail: again.body.detail }).toEqual({ sameNetwork, status: 403, detail: VOTE_MESSAGES.alreadyCasted });
      expect(await check(star, sameNetwork)).toMatchObject({ hasVoted: true });
    }
    expect(await check(star, '2001:db8:10:21::1')).toMatchObject({ hasVoted: false });
    expect((await vote(star, '2001:db8:10:21::1')).status).toBe(201);
    expect((await vote(star, '2001:db8:11:20::1')).status).toBe(201);
  });

  it('should count IPv4 clients by address, and an IPv4-mapped IPv6 address as its IPv4 one', async () => {
    const star = await entrant('net_v4');
    expect((await vote(star, '198.51.100.7')).status).toBe(201);
    expect((await vote(star, '198.51.100.8')).status).toBe(201);
    expect((await vote(star, '::ffff:198.51.100.7')).status).toBe(403);
    expect((await vote(star, '::ffff:203.0.113.9')).status).toBe(201);
    expect((await vote(star, '203.0.113.9')).status).toBe(403);
  });

  it("should keep a signed-in user's own limit beside the network's", async () => {
    const star = await entrant('net_user_star');
    const [fan] = await createAccounts(t, 'net_fan', 1);
    expect((await vote(star, '2001:db8:30:1::1', fan.token)).status).toBe(201);
    // The same user from another network, and a visitor from the user's network: both already voted.
    expect((await vote(star, '2001:db8:30:2::1', fan.token)).status).toBe(403);
    expect((await vote(star, '2001:db8:30:1::2')).status).toBe(403);
  });

  it("should keep the keyed hashes of the voter's address and network in the ledger, never the addresses", async () => {
    const star = await entrant('net_ledger');
    expect((await vote(star, '2001:db8:40:50::abcd')).status).toBe(201);
    const { rows } = await eventually(
      'the vote in the ledger',
      () => t.db.pool.query('SELECT voter_hash, network_hash FROM votes WHERE profile_id = $1', [star.profileId]),
      (r) => r.rows.length === 1,
      20_000,
    );
    expect(rows[0]).toEqual({ voter_hash: hmac('2001:db8:40:50::abcd'), network_hash: hmac('2001:db8:40:50::/64') });
    const leaked = await t.db.pool.query(
      `SELECT (SELECT count(*)::int FROM votes WHERE row_to_json(votes)::text ILIKE '%2001:db8%') AS in_votes,
              (SELECT count(*)::int FROM vote_claims WHERE row_to_json(vote_claims)::text ILIKE '%2001:db8%') AS in_claims,
              (SELECT count(*)::int FROM jobs WHERE payload::text ILIKE '%2001:db8%') AS in_jobs`,
    );
    expect(leaked.rows[0]).toEqual({ in_votes: 0, in_claims: 0, in_jobs: 0 });
    expect(t.output()).not.toContain('2001:db8');
  });
});
