// Many fans voting at once: each vote leaves from its own loopback source address (see
// test/helpers/source-address.ts), so each is a distinct voter to the server.
import { loopbackAddress, requestFrom } from '#test/helpers/source-address.js';

/** The i-th voter's address (i from 0): 127.0.0.2 … 127.0.0.254, 127.0.1.2 … */
export const voterAddress = (i: number) => loopbackAddress(i, 0);

export const castVote = (baseUrl: string, username: string, from: string) =>
  requestFrom(`${baseUrl}/api/v1/contestants/${encodeURIComponent(username)}/vote`, 'POST', { from });

export interface CastVote {
  username: string;
  voter: string;
  status: number;
  voteId: string | null;
  detail: unknown;
}

/** Casts each planned vote once, `concurrency` at a time; answers every outcome in plan order. */
export async function castVotes(baseUrl: string, plan: { username: string; voter: string }[], concurrency = 32): Promise<CastVote[]> {
  const results: CastVote[] = new Array(plan.length);
  let next = 0;
  const lane = async () => {
    while (next < plan.length) {
      const i = next++;
      const { username, voter } = plan[i];
      try {
        const res = await castVote(baseUrl, username, voter);
        results[i] = { username, voter, status: res.status, voteId: typeof res.body.vote_id === 'string' ? res.body.vote_id : null, detail: res.body.detail };
      } catch (err) {
        results[i] = { username, voter, status: 0, voteId: null, detail: (err as Error).message };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, plan.length) }, lane));
  return results;
}
