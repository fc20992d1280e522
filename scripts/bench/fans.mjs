// Fans of the vote phases: each votes from a loopback address of its own (127.0.x.y), on one
// keep-alive connection, for BENCH_VOTES_PER_VOTER contestants; then the next fan connects.
import { dropPool, loopback, openPool, requestOf } from './http.mjs';
import { S } from './settings.mjs';

/** Fans of the vote phases, numbered across phases so that no (fan, contestant) pair repeats. */
let nextVoter = 0;

/** The vote requests, built once per (api process, contestant). */
const voteRequests = new Map();

/**
 * A lane of fans: one fan at a time on one keep-alive connection from the fan's own loopback
 * address, voting for BENCH_VOTES_PER_VOTER contestants, then the next fan. next() gives the
 * pool and the request for the lane's next vote.
 */
export function fanLane(apis, contestants) {
  const key = `${apis.join(',')}|${contestants.length}|${contestants[0]?.username}`;
  if (!voteRequests.has(key))
    voteRequests.set(
      key,
      apis.map(() => contestants.map((c) => requestOf('POST', `/api/v1/contestants/${c.username}/vote`))),
    );
  const reqs = voteRequests.get(key);
  const lane = { pool: null, voter: -1, cast: S.votesPerVoter };
  lane.next = () => {
    if (lane.cast >= S.votesPerVoter) {
      dropPool(lane.pool);
      lane.voter = nextVoter++;
      lane.pool = openPool(apis[lane.voter % apis.length], loopback(lane.voter, 0));
      lane.cast = 0;
    }
    const c = (lane.voter * S.votesPerVoter + lane.cast++) % contestants.length;
    return { pool: lane.pool, req: reqs[lane.voter % apis.length][c] };
  };
  lane.close = () => dropPool(lane.pool);
  return lane;
}
