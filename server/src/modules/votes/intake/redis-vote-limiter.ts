import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { isOutage } from '#server/infra/queue/outage-errors.js';
import { VoteLimiter, type VoteClaim } from './vote-limiter.js';

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

// Only the slots their own votes hold (ARGV[i] is KEYS[i]'s vote id): a slot another vote took meanwhile stays.
const RELEASE_LUA = `
for i = 1, #KEYS do
  if redis.call('GET', KEYS[i]) == ARGV[i] then redis.call('DEL', KEYS[i]) end
end
return 1`;

interface LimiterCommands {
  screamstageVoteClaims(numKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
  screamstageVoteRelease(numKeys: number, ...keysAndArgs: string[]): Promise<number>;
}

/** A slot to give back: its key, the vote that holds it, and when it would expire anyway (ms since the epoch). */
interface Unreleased {
  key: string;
  voteId: string;
  until: number;
}

/** Winners' slots whose store failed with an outage: held until `stored` says whether their votes were stored. */
interface Unsettled {
  slots: Unreleased[];
  stored: () => Promise<boolean>;
  until: number;
}

export interface RedisVoteLimiterOptions {
  /** First wait before trying again to give back (or settle) slots; each next one doubles. */
  retryFirstMs?: number;
  /** Longest wait between two tries: slots are settled at most about this long after an outage ends. */
  retryMaxMs?: number;
}

/** At most this many slots wait to be given back; beyond it the oldest are left to expire (and logged). */
const MAX_UNRELEASED = 100_000;
/** At most this many stores wait to be settled; beyond it the oldest keep their slots to the window's end (and are logged). */
const MAX_UNSETTLED = 10_000;
/** Slots given back per script call. */
const RELEASE_CHUNK = 1000;

/** ioredis's refusal of a command it never sent (no connection, no offline queue): nothing ran. */
const neverSent = (err: unknown) => err instanceof Error && err.message.startsWith("Stream isn't writeable");

/**
 * Scaled mode: one key per slot, holding the vote id and expiring with the window (SET PX). The
 * claims made together (one batch of VotesService) go to Redis in one script call: under a crowd of
 * voters that is one round trip for many votes rather than one each. (The keys of one call belong to
 * many contestants, so this needs one Redis primary, as BullMQ's queues do; not a Redis Cluster.)
 *
 * The job is stored after the claims (BullMQ, its own script), so a store that failed gives the slots
 * back. When Redis refused the store (an error reply), nothing was stored: they are given back at
 * once. When the store failed with an outage, the job may have been written with its answer lost:
 * the slots stay held, and once `stored` can answer (Redis, and whatever it asks, back) they are
 * given back only if the votes were not stored (decision 037). A claim script that failed with an
 * outage may have taken slots too; no job was stored for those votes, so whatever they took goes back.
 * Should Redis refuse a give-back (read-only after a failover, out of memory, a disk error), this
 * process keeps the slots and tries again in the background, backing off, until Redis takes it or the
 * slots would have expired anyway. All of this lives in this process: if it ends first, the slots
 * stay held to the window's end (a voter answered 503 waits a day; nobody votes twice).
 */
export class RedisVoteLimiter extends VoteLimiter {
  private readonly logger = new Logger('Votes');
  private readonly commands: LimiterCommands;
  private readonly unreleased = new Map<string, Unreleased>();
  private readonly unsettled = new Set<Unsettled>();
  private readonly retryFirstMs: number;
  private readonly retryMaxMs: number;
  private retryMs: number;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    options: RedisVoteLimiterOptions = {},
  ) {
    super();
    // defineCommand sends the script once and then calls it by its hash (EVALSHA).
    redis.defineCommand('screamstageVoteClaims', { lua: CLAIM_LUA });
    redis.defineCommand('screamstageVoteRelease', { lua: RELEASE_LUA });
    this.commands = redis as unknown as LimiterCommands;
    this.retryFirstMs = options.retryFirstMs ?? 1000;
    this.retryMaxMs = options.retryMaxMs ?? 5_000;
    this.retryMs = this.retryFirstMs;
  }

  private keys(profileId: number, voterKeys: readonly string[]): string[] {
    return [...new Set(voterKeys)].map((k) => `${this.prefix}:vote-slot:{${profileId}}:${k}`);
  }

  async claim(
    claims: readonly VoteClaim[],
    windowSeconds: number,
    store: (won: VoteClaim[]) => Promise<void>,
    stored?: (won: VoteClaim[]) => Promise<boolean>,
  ): Promise<boolean[]> {
    const windowMs = Math.round(windowSeconds * 1000);
    const keyed = claims.map((c) => this.keys(c.profileId, c.voterKeys));
    const args = claims.flatMap((c, i) => [c.voteId, windowMs, keyed[i].length]);
    const slotsOf = (won: (i: number) => boolean): Unreleased[] => {
      const until = Date.now() + windowMs;
      return claims.flatMap((c, i) => (won(i) ? keyed[i].map((key) => ({ key, voteId: c.voteId, until })) : []));
    };
    let taken: number[];
    try {
      taken = await this.commands.screamstageVoteClaims(keyed.flat().length, ...keyed.flat(), ...args);
    } catch (err) {
      // The script may have run with its answer lost; no job was stored, so every slot these votes took goes back once Redis answers.
      if (isOutage(err) && !neverSent(err)) this.releaseLater(slotsOf(() => true));
      throw err;
    }
    const won = taken.map((t) => t === 1);
    const winners = claims.filter((_, i) => won[i]);
    if (!winners.length) return won;
    try {
      await store(winners);
    } catch (err) {
      const slots = slotsOf((i) => won[i]);
      if (!isOutage(err)) await this.giveBack(slots);
      // The job may exist: the slots go back only once `stored` says it does not; without it they stay held.
      else if (stored) this.settleLater({ slots, stored: () => stored(winners), until: slots[0].until });
      throw err;
    }
    return won;
  }

  async holds(profileId: number, voterKeys: readonly string[]): Promise<boolean> {
    return (await this.redis.exists(...this.keys(profileId, voterKeys))) > 0;
  }

  async heldUntil(profileId: number, voterKeys: readonly string[]): Promise<Date | null> {
    // PTTL: the milliseconds a key has left; negative for a key that does not exist (or never expires).
    const left = await Promise.all(this.keys(profileId, voterKeys).map((key) => this.redis.pttl(key)));
    const last = Math.max(...left);
    return last > 0 ? new Date(Date.now() + last) : null;
  }

  /** How many slots wait to be given back (for tests and logs). */
  get waitingToRelease(): number {
    return this.unreleased.size;
  }

  /** How many slots wait to learn whether their votes were stored (for tests and logs). */
  get waitingToSettle(): number {
    let n = 0;
    for (const u of this.unsettled) n += u.slots.length;
    return n;
  }

  private async giveBack(slots: Unreleased[]): Promise<void> {
    try {
      await this.release(slots);
    } catch (err) {
      if (!isOutage(err)) this.logger.error(`${slots.length} vote slot(s) not released (${(err as Error).message}): trying again in the background`);
      this.releaseLater(slots);
    }
  }

  private releaseLater(slots: readonly Unreleased[]): void {
    for (const s of slots) this.unreleased.set(s.key, s);
    this.trimUnreleased();
    this.scheduleRetry();
  }

  private settleLater(unsettled: Unsettled): void {
    this.unsettled.add(unsettled);
    if (this.unsettled.size > MAX_UNSETTLED) {
      // A Set keeps insertion order: the first is the oldest. Its slots stay held until they expire.
      const [oldest] = this.unsettled;
      this.unsettled.delete(oldest);
      this.logger.error(`${oldest.slots.length} vote slot(s) kept to the end of their window: more than ${MAX_UNSETTLED} stores waited to be settled`);
    }
    this.scheduleRetry();
  }

  private async release(slots: readonly Unreleased[]): Promise<void> {
    for (let i = 0; i < slots.length; i += RELEASE_CHUNK) {
      const chunk = slots.slice(i, i + RELEASE_CHUNK);
      await this.commands.screamstageVoteRelease(chunk.length, ...chunk.map((s) => s.key), ...chunk.map((s) => s.voteId));
    }
  }

  private trimUnreleased(): void {
    const over = this.unreleased.size - MAX_UNRELEASED;
    if (over <= 0) return;
    // A Map keeps insertion order: the first are the oldest.
    for (const key of [...this.unreleased.keys()].slice(0, over)) this.unreleased.delete(key);
    this.logger.error(`${over} vote slot(s) left to expire: more than ${MAX_UNRELEASED} waited to be released`);
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => void this.retry(), this.retryMs);
    // Never what keeps the process alive: at exit, slots not yet given back expire with their window.
    this.retryTimer.unref();
  }

  /** One background try: settle the stores an outage cut off, then give back what waits to be (backing off while either fails). */
  private async retry(): Promise<void> {
    this.retryTimer = null;
    let failure: unknown = null;
    try {
      await this.settle();
    } catch (err) {
      failure = err;
    }
    const now = Date.now();
    for (const [key, s] of this.unreleased) if (s.until <= now) this.unreleased.delete(key);
    const slots = [...this.unreleased.values()];
    if (slots.length && failure === null) {
      try {
        await this.release(slots);
        for (const s of slots) if (this.unreleased.get(s.key) === s) this.unreleased.delete(s.key);
        this.logger.log(`${slots.length} vote slot(s) released after all`);
      } catch (err) {
        failure = err;
      }
    }
    if (failure === null) this.retryMs = this.retryFirstMs;
    else {
      this.retryMs = Math.min(this.retryMs * 2, this.retryMaxMs);
      // An outage is logged once by the connections that see it, not once per try.
      if (!isOutage(failure)) {
        this.logger.warn(`${slots.length} vote slot(s) still not released (${(failure as Error).message}): next try in ${this.retryMs / 1000} s`);
      }
    }
    if (this.unreleased.size || this.unsettled.size) this.scheduleRetry();
  }

  /**
   * Asks, for each store an outage cut off, whether its votes were stored: their slots are kept if
   * so, queued to be given back if not. Throws at the first that cannot answer yet; the rest wait too.
   */
  private async settle(): Promise<void> {
    let kept = 0;
    let freed = 0;
    try {
      for (const u of [...this.unsettled]) {
        // Expired by themselves: nothing left to decide.
        if (u.until <= Date.now()) {
          this.unsettled.delete(u);
          continue;
        }
        const stored = await u.stored();
        this.unsettled.delete(u);
        if (stored) kept += u.slots.length;
        else {
          freed += u.slots.length;
          for (const s of u.slots) this.unreleased.set(s.key, s);
        }
      }
    } finally {
      if (kept || freed) this.logger.log(`Votes an outage cut off: ${kept} slot(s) kept (their votes were stored), ${freed} to give back`);
      this.trimUnreleased();
    }
  }
}
