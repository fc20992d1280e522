// The database check: the worker(s) counted exactly the votes that were answered 201.
import { sleep } from './settings.mjs';

/** The contest's free-vote ledger rows, and the sums of its entries' and profiles' free votes (paid votes are checked apart, payments.mjs). */
export async function counts(pool, contestId) {
  const {
    rows: [r],
  } = await pool.query(
    `SELECT (SELECT count(*)::int FROM votes WHERE contest_id = $1 AND kind = 'free') AS ledger,
            (SELECT coalesce(sum(current_contest_votes - paid_votes), 0)::int FROM contest_entries WHERE contest_id = $1) AS entries,
            (SELECT coalesce(sum(p.total_votes - p.paid_votes), 0)::int FROM contestant_profiles p JOIN contest_entries e ON e.profile_id = p.id AND e.contest_id = $1) AS profiles`,
    [contestId],
  );
  return r;
}

/** Waits until the ledger holds `accepted` votes (or stops moving for a minute); how many it counted meanwhile. */
export async function drain(pool, contestId, accepted) {
  const t0 = performance.now();
  const first = (await counts(pool, contestId)).ledger;
  let now = first;
  let moved = Date.now();
  while (now < accepted && Date.now() - moved < 60_000) {
    await sleep(100);
    const next = (await counts(pool, contestId)).ledger;
    if (next > now) moved = Date.now();
    now = next;
  }
  return { counted: now - first, seconds: (performance.now() - t0) / 1000 };
}

/** Every accepted vote counted once: waits for the last ones, then compares (and looks again a second later). */
export async function finalCheck(pool, contestId, accepted) {
  await drain(pool, contestId, accepted);
  await sleep(1000);
  const final = await counts(pool, contestId);
  const pass = final.ledger === accepted && final.entries === accepted && final.profiles === accepted;
  return { final, pass };
}

/** The sum of the votes the public leaderboards show for the contest's groups, read from an api process. */
export async function apiTotal(apiUrl, groupIds) {
  let total = 0;
  for (const groupId of groupIds) {
    const res = await fetch(`${apiUrl}/api/v1/groups/${groupId}/leaderboard`, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) throw new Error(`leaderboard of group ${groupId}: ${res.status}`);
    for (const item of await res.json()) total += item.current_contest_votes;
  }
  return total;
}
