// The invariant of the fault tests: every vote answered 201 is counted exactly once, by itself
// (no retry by hand), and the ledger, the counters and the API agree.
import { expect } from '@jest/globals';
import { Queue } from 'bullmq';
import type { Cluster } from './cluster.mjs';
import { countedVotes, type SeededContest } from './contest-seed.js';
import { ledgerVoteIds } from './ledger.js';
import type { StreamedVote } from './vote-stream.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The same count for every contestant, whatever the order of the keys. */
const sameCounts = (a: Record<string, number>, b: Record<string, number>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/** The number each contestant has on its group's public leaderboard, read from an api process. */
async function apiCounts(apiUrl: string, contest: SeededContest): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const groupId of contest.groupIds) {
    const res = await fetch(`${apiUrl}/api/v1/groups/${groupId}/leaderboard`);
    if (!res.ok) throw new Error(`leaderboard of group ${groupId}: ${res.status}`);
    for (const item of (await res.json()) as { username: string; current_contest_votes: number }[]) counts[item.username] = item.current_contest_votes;
  }
  return counts;
}

/** What the ledger holds beyond the votes answered 201, and how long it took to settle. */
export interface Settled {
  tookMs: number;
  /** Votes in the ledger that were not answered 201 (a vote stored as Redis went away, its answer lost). */
  extra: number;
}

/**
 * Waits (at most `withinMs`) until every vote answered 201 is in the ledger, once, no counting job
 * is left, every counter agrees with the ledger and the API with the counters; then checks that no
 * counting job failed.
 */
export async function expectEveryAcceptedVoteCountedOnce(
  cluster: Cluster,
  contest: SeededContest,
  votes: StreamedVote[],
  { withinMs, redisUrl }: { withinMs: number; redisUrl?: string },
): Promise<Settled> {
  const acceptedIds = votes.filter((v) => v.status === 201).map((v) => v.voteId!);
  const queue = new Queue('votes', { connection: { url: redisUrl ?? cluster.env.REDIS_URL }, prefix: `${cluster.redisPrefix}:bull` });
  const started = Date.now();
  let last: unknown;
  try {
    for (;;) {
      try {
        const ledger = new Set(await ledgerVoteIds(cluster.db));
        const perEntry = new Map(
          (await cluster.db.query<{ entry_id: number; n: number }>('SELECT entry_id, count(*)::int AS n FROM votes GROUP BY entry_id')).rows.map((r) => [
            r.entry_id,
            r.n,
          ]),
        );
        const fromLedger = Object.fromEntries(contest.contestants.map((c) => [c.username, perEntry.get(c.entryId) ?? 0]));
        const stored = await Promise.all(contest.contestants.map(async (c) => [c.username, await countedVotes(cluster.db, c)] as const));
        const counters = Object.fromEntries(stored.map(([u, v]) => [u, v.current_contest_votes]));
        const totals = Object.fromEntries(stored.map(([u, v]) => [u, v.total_votes]));
        const api = await apiCounts(cluster.apiUrl(0), contest);
        const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
        const pending = Object.values(counts).reduce((a, b) => a + b, 0);
        const missing = acceptedIds.filter((id) => !ledger.has(id)).length;
        last = { ledger: ledger.size, accepted: acceptedIds.length, missing, pending, fromLedger, counters, totals, api };
        if (missing === 0 && pending === 0 && sameCounts(counters, fromLedger) && sameCounts(totals, fromLedger) && sameCounts(api, fromLedger)) {
          expect(await queue.getFailedCount()).toBe(0);
          return { tookMs: Date.now() - started, extra: ledger.size - acceptedIds.length };
        }
      } catch (err) {
        last = (err as Error).message;
      }
      if (Date.now() - started > withinMs) throw new Error(`not every accepted vote counted once within ${withinMs} ms: ${JSON.stringify(last)}`);
      await sleep(250);
    }
  } finally {
    await queue.close();
  }
}

/** Every answer is 201 or a 503 that says when to try again: never a 500, never a hang. */
export function expectOnlyCountedOrTryAgain(votes: StreamedVote[]): void {
  const odd = votes.filter((v) => v.status !== 201 && !(v.status === 503 && v.retryAfter !== null));
  expect(odd.slice(0, 5)).toEqual([]);
}
