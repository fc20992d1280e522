import type { Redis } from 'ioredis';
import { VoteLimiter } from './vote-limiter.js';

// All or none: if any slot is held, nothing is written; otherwise every slot is set with the expiry.
// A Lua script runs atomically in Redis, so no other claim can slip in between the check and the set.
const CLAIM_LUA = `
for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then return 0 end
end
for i = 1, #KEYS do
  redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2])
end
return 1`;

// Only the slots this vote holds: a slot another vote took meanwhile stays.
const RELEASE_LUA = `
for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[1] then redis.call('DEL', KEYS[i]) end
end
return 1`;

interface LimiterCommands {
  screamstageVoteClaim(numKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
  screamstageVoteRelease(numKeys: number, ...keysAndArgs: string[]): Promise<number>;
}

/** Scaled mode: one key per slot, holding the vote id and expiring with the window (SET PX). */
export class RedisVoteLimiter extends VoteLimiter {
  private readonly commands: LimiterCommands;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
    // defineCommand sends the script once and then calls it by its hash (EVALSHA).
    redis.defineCommand('screamstageVoteClaim', { lua: CLAIM_LUA });
    redis.defineCommand('screamstageVoteRelease', { lua: RELEASE_LUA });
    this.commands = redis as unknown as LimiterCommands;
  }

  /** The hash tag keeps one contestant's slots on one slot of a cluster, as a multi-key script needs. */
  private keys(profileId: number, voterKeys: readonly string[]): string[] {
    return [...new Set(voterKeys)].map((k) => `${this.prefix}:vote-slot:{${profileId}}:${k}`);
  }

  async claim(profileId: number, voterKeys: readonly string[], voteId: string, windowSeconds: number): Promise<boolean> {
    const keys = this.keys(profileId, voterKeys);
    return (await this.commands.screamstageVoteClaim(keys.length, ...keys, voteId, Math.round(windowSeconds * 1000))) === 1;
  }

  async release(profileId: number, voterKeys: readonly string[], voteId: string): Promise<void> {
    const keys = this.keys(profileId, voterKeys);
    await this.commands.screamstageVoteRelease(keys.length, ...keys, voteId);
  }

  async holds(profileId: number, voterKeys: readonly string[]): Promise<boolean> {
    return (await this.redis.exists(...this.keys(profileId, voterKeys))) > 0;
  }
}
