// The VoteLimiter contract, run against every adapter: PostgreSQL always, Redis when
// TEST_REDIS_URL is set (CI's scaled-mode step sets it), under a key prefix of its own.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { describeOnRedis, testRedisUrl, uniqueRedisPrefix } from '#test/helpers/redis-half.js';
import { TcpProxy } from '#test/helpers/tcp-proxy.mjs';
import { createTestDatabase } from '#test/helpers/test-app.js';
import { dataSourceOptions } from '#server/infra/database/data-source.js';
import { Transactions } from '#server/infra/database/transactional.js';
import { BullMqJobQueue, bullJobId } from '#server/infra/queue/bullmq-job-queue.js';
import { defineJob, defineQueue } from '#server/infra/queue/jobs.js';
import { isOutage } from '#server/infra/queue/outage-errors.js';
import { failFastRedisOptions, patientRedisOptions } from '#server/infra/redis/redis-clients.js';
import { PostgresVoteLimiter } from './postgres-vote-limiter.js';
import { RedisVoteLimiter } from './redis-vote-limiter.js';
import { VoteClaimsRepository } from './vote-claims.repository.js';
import type { VoteClaim, VoteLimiter } from './vote-limiter.js';

interface Adapter {
  limiter: VoteLimiter;
  close(): Promise<void>;
}

const adapters: [string, () => Promise<Adapter>][] = [
  [
    'PostgreSQL',
    async () => {
      const db = await createTestDatabase();
      const ds = await new DataSource(dataSourceOptions(db.url, 8)).initialize();
      new Transactions(ds);
      return {
        limiter: new PostgresVoteLimiter(new VoteClaimsRepository(ds)),
        close: async () => {
          await ds.destroy();
          await db.drop();
        },
      };
    },
  ],
];
if (testRedisUrl) {
  const redisUrl = testRedisUrl;
  adapters.push([
    'Redis',
    async () => {
      const redis = new Redis(redisUrl);
      const prefix = `test-vote-limiter-${randomBytes(4).toString('hex')}`;
      return {
        limiter: new RedisVoteLimiter(redis, prefix),
        close: async () => {
          const keys = await redis.keys(`${prefix}:*`);
          if (keys.length) await redis.del(...keys);
          await redis.quit();
        },
      };
    },
  ]);
}

const DAY = 24 * 3600;
let nextProfile = 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}
const claimOf = (profileId: number, voterKeys: string[]): VoteClaim => ({ profileId, voterKeys, voteId: randomUUID() });
const storeNothing = async () => undefined;

/** One vote's claim in a call of its own, stored as soon as won. */
const claimOne = async (limiter: VoteLimiter, profile: number, keys: string[], windowSeconds = DAY) =>
  (await limiter.claim([claimOf(profile, keys)], windowSeconds, storeNothing))[0];

describe.each(adapters)('VoteLimiter on %s', (_name, make) => {
  let adapter: Adapter;
  let limiter: VoteLimiter;
  beforeAll(async () => {
    adapter = await make();
    limiter = adapter.limiter;
  }, 60_000);
  afterAll(async () => {
    await adapter.close();
  });

  it('should give a free slot to the first claim and refuse the next one', async () => {
    const profile = nextProfile++;
    expect(await limiter.holds(profile, ['a:one'])).toBe(false);
    expect(await claimOne(limiter, profile, ['a:one'])).toBe(true);
    expect(await limiter.holds(profile, ['a:one'])).toBe(true);
    expect(await claimOne(limiter, profile, ['a:one'])).toBe(false);
  });

  it('should say when the last held slot of the keys frees, and nothing when none is held', async () => {
    const profile = nextProfile++;
    expect(await limiter.heldUntil(profile, ['a:when', 'u:40'])).toBeNull();
    const before = Date.now();
    expect(await claimOne(limiter, profile, ['a:when'], 60)).toBe(true);
    expect(await claimOne(limiter, profile, ['u:40'], 120)).toBe(true);
    const after = Date.now();
    const until = (await limiter.heldUntil(profile, ['a:when', 'u:40']))!.getTime();
    // The later of the two: two minutes from its claim.
    expect(until).toBeGreaterThanOrEqual(before + 119_000);
    expect(until).toBeLessThanOrEqual(after + 121_000);
    const one = (await limiter.heldUntil(profile, ['a:when']))!.getTime();
    expect(one).toBeLessThanOrEqual(after + 61_000);
    expect(one).toBeGreaterThanOrEqual(before + 59_000);
  });

  it("should keep each contestant's slots apart", async () => {
    const [p1, p2] = [nextProfile++, nextProfile++];
    expect(await claimOne(limiter, p1, ['a:fan'])).toBe(true);
    expect(await claimOne(limiter, p2, ['a:fan'])).toBe(true);
    expect(await limiter.holds(p2, ['a:other'])).toBe(false);
  });

  it('should take several keys all or none', async () => {
    const profile = nextProfile++;
    expect(await claimOne(limiter, profile, ['a:home', 'u:7'])).toBe(true);
    // The same user from another address: the user's slot is held, so the new address gets nothing either.
    expect(await claimOne(limiter, profile, ['a:office', 'u:7'])).toBe(false);
    expect(await limiter.holds(profile, ['a:office'])).toBe(false);
    // A visitor at home is the address: held.
    expect(await claimOne(limiter, profile, ['a:home'])).toBe(false);
    expect(await limiter.holds(profile, ['a:home'])).toBe(true);
    // Another user at the office is free.
    expect(await claimOne(limiter, profile, ['a:office', 'u:8'])).toBe(true);
  });

  it('should free a slot when its window has passed', async () => {
    const profile = nextProfile++;
    expect(await claimOne(limiter, profile, ['a:quick', 'u:9'], 0.4)).toBe(true);
    expect(await claimOne(limiter, profile, ['a:quick'])).toBe(false);
    await sleep(600);
    expect(await limiter.holds(profile, ['a:quick', 'u:9'])).toBe(false);
    expect(await claimOne(limiter, profile, ['u:9', 'a:quick'])).toBe(true);
  });

  it('should store the winners of one call once, in order, and store nothing when none won', async () => {
    const profile = nextProfile++;
    expect(await claimOne(limiter, profile, ['a:taken'])).toBe(true);
    const claims = [claimOf(profile, ['a:s1']), claimOf(profile, ['a:taken']), claimOf(profile, ['a:s2', 'u:30'])];
    const stored: VoteClaim[][] = [];
    expect(await limiter.claim(claims, DAY, async (won) => void stored.push(won))).toEqual([true, false, true]);
    expect(stored.map((won) => won.map((c) => c.voteId))).toEqual([[claims[0].voteId, claims[2].voteId]]);

    const none: VoteClaim[][] = [];
    expect(await limiter.claim([claimOf(profile, ['a:taken'])], DAY, async (won) => void none.push(won))).toEqual([false]);
    expect(none).toEqual([]);
  });

  it('should judge the claims of one call in order, each all or none: a later claim gets what an earlier one could not keep', async () => {
    const profile = nextProfile++;
    expect(await claimOne(limiter, profile, ['u:held'])).toBe(true);
    const claims = [
      claimOf(profile, ['a:x']),
      claimOf(profile, ['a:x']), // the first took it
      claimOf(profile, ['a:home', 'u:held']), // the account has voted: it takes nothing
      claimOf(profile, ['a:home']), // so the address is still free
      claimOf(profile, ['a:home', 'u:31']), // and now taken by the one before
      claimOf(profile, ['a:y', 'u:32']),
      claimOf(profile, ['a:z', 'u:32']),
    ];
    expect(await limiter.claim(claims, DAY, storeNothing)).toEqual([true, false, false, true, false, true, false]);
    expect(await limiter.holds(profile, ['u:31'])).toBe(false);
    expect(await limiter.holds(profile, ['a:z'])).toBe(false);
  });

  it("should leave no winner a slot when the store fails, throw the store's error, and keep the slots held before", async () => {
    const profile = nextProfile++;
    expect(await claimOne(limiter, profile, ['a:before'])).toBe(true);
    const failure = new Error('the job could not be stored');
    const claims = [claimOf(profile, ['a:before']), claimOf(profile, ['a:new', 'u:40']), claimOf(profile, ['a:new2'])];
    await expect(
      limiter.claim(claims, DAY, async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await limiter.holds(profile, ['a:new'])).toBe(false);
    expect(await limiter.holds(profile, ['u:40'])).toBe(false);
    expect(await limiter.holds(profile, ['a:new2'])).toBe(false);
    expect(await limiter.holds(profile, ['a:before'])).toBe(true);
    // The voters answered 503 vote again, and win.
    expect(await claimOne(limiter, profile, ['a:new', 'u:40'])).toBe(true);
    expect(await claimOne(limiter, profile, ['a:new2'])).toBe(true);
  });

  it('should let exactly one of many simultaneous claims of one slot win', async () => {
    const profile = nextProfile++;
    const results = await Promise.all(Array.from({ length: 60 }, () => claimOne(limiter, profile, ['a:burst'])));
    expect(results.filter(Boolean).length).toBe(1);
  });

  it('should let exactly one win when simultaneous claims share only the user key', async () => {
    const profile = nextProfile++;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => claimOne(limiter, profile, [i % 2 ? `a:addr${i}` : `u:11`, i % 2 ? 'u:11' : `a:addr${i}`])),
    );
    expect(results.filter(Boolean).length).toBe(1);
    // The losers took nothing: each of their addresses is still free.
    const free = await Promise.all(Array.from({ length: 30 }, (_, i) => limiter.holds(profile, [`a:addr${i}`])));
    expect(free.filter(Boolean).length).toBe(1);
  });

  it('should judge each of many simultaneous calls on its own: other contestants and voters are free', async () => {
    const [p1, p2] = [nextProfile++, nextProfile++];
    expect(await claimOne(limiter, p1, ['a:held'])).toBe(true);
    const claims: [number, string[]][] = [
      [p1, ['a:held']], // taken before
      [p1, ['a:new1']],
      [p2, ['a:held']], // another contestant: free
      [p1, ['a:new1']], // the same slot as the second claim: taken by it
      [p1, ['a:new2', 'u:20']],
      [p1, ['a:new3', 'u:20']], // shares the user with the claim before
      [p2, ['a:new1', 'u:20']],
    ];
    const results = await Promise.all(claims.map(([p, keys]) => claimOne(limiter, p, keys)));
    // Simultaneous claims of one slot: exactly one wins, whichever it is.
    expect([results[1] !== results[3], results[4] !== results[5]]).toEqual([true, true]);
    expect([results[0], results[2], results[6]]).toEqual([false, true, true]);
    expect(await limiter.holds(p1, ['a:new3'])).toBe(results[5]);
  });
});

// Scaled mode stores the job (BullMQ) apart from the claims, so a failed store is followed by a
// release; when Redis refuses that release too, the process keeps trying until Redis takes it.
describeOnRedis('RedisVoteLimiter giving slots back', (redisUrl) => {
  const user = `test-vote-limiter-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const prefix = uniqueRedisPrefix('vote-release');
  let admin: Redis;
  let limited: Redis;

  beforeAll(async () => {
    admin = new Redis(redisUrl);
    // A user that may do everything on its keys but DEL: Redis refuses the release script's DEL.
    await admin.call('ACL', 'SETUSER', user, 'on', `>${password}`, `~${prefix}:*`, '+@all', '-del');
    limited = new Redis(redisUrl, { username: user, password });
  });
  afterAll(async () => {
    await limited.quit();
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length) await admin.del(...keys);
    await admin.call('ACL', 'DELUSER', user);
    await admin.quit();
  });

  it('should keep trying to give back the slots of a failed store while Redis refuses, until it takes them', async () => {
    const limiter = new RedisVoteLimiter(limited, prefix, { retryFirstMs: 50, retryMaxMs: 200 });
    const voter = claimOf(1, ['a:refused', 'u:50']);
    await expect(
      limiter.claim([voter], DAY, async () => {
        throw new Error('BullMQ could not store the job');
      }),
    ).rejects.toThrow('BullMQ could not store the job');
    // Redis refused the release: the slots are still held, and waiting to be given back.
    expect(await limiter.holds(1, ['a:refused'])).toBe(true);
    expect(limiter.waitingToRelease).toBe(2);
    await sleep(300);
    expect(await limiter.holds(1, ['a:refused'])).toBe(true);

    // Redis takes releases again (here: DEL allowed); the next try gives the slots back.
    await admin.call('ACL', 'SETUSER', user, '+del');
    for (let i = 0; i < 40 && limiter.waitingToRelease > 0; i++) await sleep(50);
    expect(limiter.waitingToRelease).toBe(0);
    expect(await limiter.holds(1, ['a:refused', 'u:50'])).toBe(false);
    expect(await claimOne(limiter, 1, ['a:refused', 'u:50'])).toBe(true);
  });

  it('should drop a slot that waits to be given back once its window has passed (it expired by itself)', async () => {
    await admin.call('ACL', 'SETUSER', user, '-del');
    const limiter = new RedisVoteLimiter(limited, prefix, { retryFirstMs: 50, retryMaxMs: 50 });
    await expect(
      limiter.claim([claimOf(2, ['a:brief'])], 0.3, async () => {
        throw new Error('not stored');
      }),
    ).rejects.toThrow('not stored');
    expect(limiter.waitingToRelease).toBe(1);
    for (let i = 0; i < 40 && limiter.waitingToRelease > 0; i++) await sleep(50);
    expect(limiter.waitingToRelease).toBe(0);
    expect(await limiter.holds(2, ['a:brief'])).toBe(false);
  });
});

// Redis goes away at the instant a batch is written: the answer of a command that ran is lost with
// the connection (a loopback proxy runs the command, drops its answer, then cuts every connection).
describeOnRedis('RedisVoteLimiter when an outage hides what was written', (redisUrl) => {
  const SPEC_VOTES = defineQueue({ name: 'spec-limiter-votes', concurrency: 1 });
  const SPEC_COUNT = defineJob<{ voteIds: string[] }>({ name: 'spec-limiter-count', queue: SPEC_VOTES });
  const prefix = uniqueRedisPrefix('vote-outage');
  const jobIdOf = (won: VoteClaim[]) => `votes:${won[0].voteId}`;
  let proxy: TcpProxy;
  let direct: Redis;
  let throughProxy: Redis;
  let queue: BullMqJobQueue;
  /** Reads the slots past the proxy, whatever it lets through. */
  let witness: RedisVoteLimiter;

  beforeAll(async () => {
    const url = new URL(redisUrl);
    proxy = await TcpProxy.start({ host: url.hostname, port: Number(url.port || 6379) });
    const viaProxy = `redis://127.0.0.1:${proxy.port}`;
    direct = new Redis(redisUrl);
    // As the app connects: fail fast (no offline queue, no resend), so a lost answer is an error at once.
    throughProxy = new Redis(viaProxy, failFastRedisOptions);
    throughProxy.on('error', () => undefined);
    queue = new BullMqJobQueue({ producer: { url: viaProxy, ...failFastRedisOptions }, worker: { url: viaProxy, ...patientRedisOptions } }, `${prefix}:bull`);
    witness = new RedisVoteLimiter(direct, prefix);
  });
  // Each test starts with Redis reachable, whatever the one before left.
  afterEach(async () => {
    await proxy.restore();
  });
  afterAll(async () => {
    await queue.close();
    throughProxy.disconnect();
    await proxy.stop();
    const keys = await direct.keys(`${prefix}:*`);
    if (keys.length) await direct.del(...keys);
    await direct.quit();
  });

  const limiterOf = () => new RedisVoteLimiter(throughProxy, prefix, { retryFirstMs: 50, retryMaxMs: 200 });
  const storeJob = (won: VoteClaim[]) => queue.add(SPEC_COUNT, { voteIds: won.map((c) => c.voteId) }, { jobId: jobIdOf(won) });
  const jobExists = (won: VoteClaim[]) => queue.exists(SPEC_COUNT, jobIdOf(won));
  const rejection = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (err: unknown) => err,
    );
  const connected = () => until('the connection to come back', () => throughProxy.status === 'ready');

  it('should keep the slots of a vote whose job was written though its answer was lost, once Redis answers that it exists', async () => {
    const limiter = limiterOf();
    await connected();
    const voter = claimOf(nextProfile++, ['a:lost-answer', 'u:61']);
    // The job's add carries its payload: the claim script's arguments do not.
    const lost = proxy.dropAnswerTo('"voteIds"');
    const claimed = rejection(limiter.claim([voter], DAY, storeJob, jobExists));
    await lost;
    await proxy.cut();
    expect(isOutage(await claimed)).toBe(true);
    expect(await direct.exists(`${prefix}:bull:spec-limiter-votes:${bullJobId(jobIdOf([voter]))}`)).toBe(1);
    // Nothing is decided while Redis cannot be asked: the slots stay held.
    expect(limiter.waitingToSettle).toBe(2);
    await sleep(300);
    expect([limiter.waitingToSettle, limiter.waitingToRelease, await witness.holds(voter.profileId, ['a:lost-answer'])]).toEqual([2, 0, true]);

    await proxy.restore();
    await connected();
    await until('the store to be settled', () => limiter.waitingToSettle === 0);
    // The job exists, so the vote will be counted: the voter keeps the slot and cannot vote again.
    expect(limiter.waitingToRelease).toBe(0);
    expect(await witness.holds(voter.profileId, ['a:lost-answer'])).toBe(true);
    expect(await witness.holds(voter.profileId, ['u:61'])).toBe(true);
    expect(await claimOne(witness, voter.profileId, ['a:lost-answer'])).toBe(false);
  });

  it('should give the slots back once Redis answers that the job a lost connection cut off does not exist', async () => {
    const limiter = limiterOf();
    await connected();
    const voter = claimOf(nextProfile++, ['a:never-written', 'u:62']);
    // The add never reached Redis: the connection went away first.
    const cutOff = async () => {
      await proxy.cut();
      throw new Error('Connection is closed.');
    };
    expect(isOutage(await rejection(limiter.claim([voter], DAY, cutOff, jobExists)))).toBe(true);
    await sleep(300);
    expect([limiter.waitingToSettle, await witness.holds(voter.profileId, ['a:never-written'])]).toEqual([2, true]);

    await proxy.restore();
    await connected();
    await until('the slots to be given back', () => limiter.waitingToSettle === 0 && limiter.waitingToRelease === 0);
    expect(await witness.holds(voter.profileId, ['a:never-written', 'u:62'])).toBe(false);
    // The voter answered 503 votes again, and wins.
    expect(await claimOne(witness, voter.profileId, ['a:never-written', 'u:62'])).toBe(true);
  });

  it('should keep the slots to the end of their window when nothing can say whether the store stored', async () => {
    const limiter = limiterOf();
    const voter = claimOf(nextProfile++, ['a:unknowable']);
    const cutOff = async () => {
      throw new Error('Connection is closed.');
    };
    expect(isOutage(await rejection(limiter.claim([voter], DAY, cutOff)))).toBe(true);
    await sleep(200);
    expect([limiter.waitingToSettle, limiter.waitingToRelease, await witness.holds(voter.profileId, ['a:unknowable'])]).toEqual([0, 0, true]);
  });

  it('should give back what a claim took when its answer was lost: no job was stored for it', async () => {
    const limiter = limiterOf();
    await connected();
    const voter = claimOf(nextProfile++, ['a:claim-lost', 'u:63']);
    const stores: VoteClaim[][] = [];
    // The claim script's arguments carry the vote id.
    const lost = proxy.dropAnswerTo(voter.voteId);
    const claimed = rejection(limiter.claim([voter], DAY, async (won) => void stores.push(won), jobExists));
    await lost;
    await proxy.cut();
    expect(isOutage(await claimed)).toBe(true);
    expect(stores).toEqual([]);
    // The script ran: the slots are taken, with no job behind them.
    expect(await witness.holds(voter.profileId, ['a:claim-lost'])).toBe(true);
    expect(limiter.waitingToRelease).toBe(2);

    await proxy.restore();
    await until('the slots to be given back', () => limiter.waitingToRelease === 0);
    expect(await witness.holds(voter.profileId, ['a:claim-lost', 'u:63'])).toBe(false);
    expect(await claimOne(witness, voter.profileId, ['a:claim-lost', 'u:63'])).toBe(true);
  });
});
