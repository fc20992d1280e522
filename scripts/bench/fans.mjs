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

/** Fans of the lanes below, numbered per loopback block. */
const nextPicked = new Map();

/** The vote request for a contestant, built once. */
const pickedRequests = new Map();

/**
 * A lane of fans for votes whose contestant the caller chooses (the socket phase): one fan at a time
 * on one keep-alive connection from its own address of loopback block `block`, voting for at most
 * BENCH_VOTES_PER_VOTER contestants; a contestant this fan already voted for moves the lane on to the
 * next fan first, so no (address, contestant) pair repeats. next(username) gives the pool and the
 * request; the lane is used for one request at a time.
 */
export function pickedFanLane(apis, block) {
  const lane = { pool: null, voted: new Set() };
  lane.next = (username) => {
    if (!lane.pool || lane.voted.size >= S.votesPerVoter || lane.voted.has(username)) {
      dropPool(lane.pool);
      const voter = nextPicked.get(block) ?? 0;
      nextPicked.set(block, voter + 1);
      lane.pool = openPool(apis[voter % apis.length], loopback(voter, block));
      lane.voted.clear();
    }
    lane.voted.add(username);
    if (!pickedRequests.has(username)) pickedRequests.set(username, requestOf('POST', `/api/v1/contestants/${username}/vote`));
    return { pool: lane.pool, req: pickedRequests.get(username) };
  };
  lane.close = () => dropPool(lane.pool);
  return lane;
}
