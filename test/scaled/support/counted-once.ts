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

/**
 * Waits (at most `withinMs`) until the ledger holds exactly the votes answered 201 (each once, none
 * answered otherwise), every counter agrees, and so does the API; then checks that no counting job
 * failed. Answers how long it took.
 */
export async function expectEveryAcceptedVoteCountedOnce(
  cluster: Cluster,
  contest: SeededContest,
  votes: StreamedVote[],
  { withinMs, redisUrl }: { withinMs: number; redisUrl?: string },
): Promise<number> {
  const accepted = votes.filter((v) => v.status === 201);
  const acceptedIds = accepted.map((v) => v.voteId!).sort();
  const expected = Object.fromEntries(contest.contestants.map((c) => [c.username, accepted.filter((v) => v.username === c.username).length]));
  const started = Date.now();
  let last: unknown = null;
  for (;;) {
    try {
      const ledger = (await ledgerVoteIds(cluster.db)).sort();
      const counters = Object.fromEntries(
        await Promise.all(contest.contestants.map(async (c) => [c.username, (await countedVotes(cluster.db, c)).current_contest_votes] as const)),
      );
      const totals = Object.fromEntries(
        await Promise.all(contest.contestants.map(async (c) => [c.username, (await countedVotes(cluster.db, c)).total_votes] as const)),
      );
      const api = await apiCounts(cluster.apiUrl(0), contest);
      last = { ledger: ledger.length, accepted: acceptedIds.length, counters, totals, api, expected };
      if (ledger.length === acceptedIds.length && sameCounts(counters, expected) && sameCounts(api, expected)) {
        expect(ledger).toEqual(acceptedIds);
        expect(totals).toEqual(expected);
        break;
      }
    } catch (err) {
      last = (err as Error).message;
    }
    if (Date.now() - started > withinMs) throw new Error(`not every accepted vote counted once within ${withinMs} ms: ${JSON.stringify(last)}`);
    await sleep(250);
  }
  const took = Date.now() - started;
  const queue = new Queue('votes', { connection: { url: redisUrl ?? cluster.env.REDIS_URL }, prefix: `${cluster.redisPrefix}:bull` });
  try {
    expect(await queue.getFailedCount()).toBe(0);
  } finally {
    await queue.close();
  }
  return took;
}

/** Every answer is 201 or a 503 that says when to try again: never a 500, never a hang. */
export function expectOnlyCountedOrTryAgain(votes: StreamedVote[]): void {
  const odd = votes.filter((v) => v.status !== 201 && !(v.status === 503 && v.retryAfter !== null));
  expect(odd.slice(0, 5)).toEqual([]);
}
