import type { Redis } from 'ioredis';
import { MicroBatcher } from '#server/common/micro-batcher.js';
import { VoteLimiter } from './vote-limiter.js';

// Many claims in one call, taken one after the other; each is all or none: if any of its slots is
// held, nothing is written; otherwise every slot is set with the expiry. ARGV holds, per claim, the
// vote id, the window (ms) and how many of KEYS are its slots. A Lua script runs atomically in
// Redis, so no other claim can slip in between a check and its set, and a later claim in the same
// call sees the slots an earlier one took.
const CLAIM_LUA = `
local out = {}
local k = 0
for i = 1, #ARGV, 3 do
  local n = tonumber(ARGV[i + 2])
  local free = 1
  for j = k + 1, k + n do
    if redis.call('EXISTS', KEYS[j]) == 1 then free = 0 break end
  end
  if free == 1 then
    for j = k + 1, k + n do redis.call('SET', KEYS[j], ARGV[i], 'PX', ARGV[i + 1]) end
  end
  out[#out + 1] = free
  k = k + n
end
return out`;

// Only the slots this vote holds: a slot another vote took meanwhile stays.
const RELEASE_LUA = `
for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
return 1`;

interface LimiterCommands {
  screamstageVoteClaims(numKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
  screamstageVoteRelease(numKeys: number, ...keysAndArgs: string[]): Promise<number>;
}

interface Claim {
  keys: string[];
  voteId: string;
  windowMs: number;
}

/**
 * Scaled mode: one key per slot, holding the vote id and expiring with the window (SET PX).
 * Claims made at the same time go to Redis in one script call: under a crowd of voters that is one
 * round trip for many votes rather than one each. (The keys of one call belong to many contestants,
 * so this needs one Redis primary, as BullMQ's queues do; not a Redis Cluster.)
 */
export class RedisVoteLimiter extends VoteLimiter {
  private readonly commands: LimiterCommands;
  private readonly claims = new MicroBatcher<Claim, boolean>((batch) => this.claimAll(batch));

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
    // defineCommand sends the script once and then calls it by its hash (EVALSHA).
    redis.defineCommand('screamstageVoteClaims', { lua: CLAIM_LUA });
    redis.defineCommand('screamstageVoteRelease', { lua: RELEASE_LUA });
    this.commands = redis as unknown as LimiterCommands;
  }

  private keys(profileId: number, voterKeys: readonly string[]): string[] {
    return [...new Set(voterKeys)].map((k) => `${this.prefix}:vote-slot:{${profileId}}:${k}`);
  }

  claim(profileId: number, voterKeys: readonly string[], voteId: string, windowSeconds: number): Promise<boolean> {
    return this.claims.add({ keys: this.keys(profileId, voterKeys), voteId, windowMs: Math.round(windowSeconds * 1000) });
  }

  private async claimAll(batch: Claim[]): Promise<boolean[]> {
    const keys = batch.flatMap((c) => c.keys);
    const args = batch.flatMap((c) => [c.voteId, c.windowMs, c.keys.length]);
    const taken = await this.commands.screamstageVoteClaims(keys.length, ...keys, ...args);
    return taken.map((t) => t === 1);
  }

  async release(profileId: number, voterKeys: readonly string[], voteId: string): Promise<void> {
    const keys = this.keys(profileId, voterKeys);
    await this.commands.screamstageVoteRelease(keys.length, ...keys, voteId);
  }

  async holds(profileId: number, voterKeys: readonly string[]): Promise<boolean> {
    return (await this.redis.exists(...this.keys(profileId, voterKeys))) > 0;
  }
}
