// The read phases: (d) the ceiling GET /site (answered from memory), the app shell of a page path,
// GET /health, and (b) the
// leaderboard of the watched group, each a closed loop on keep-alive connections from 127.0.0.1.
import { request } from 'undici';
import { phase } from './cpu.mjs';
import { dropPool, openPool, requestOf } from './http.mjs';
import { runLoad } from './load.mjs';
import { fmt, log, S, want } from './settings.mjs';

/** GET on BENCH_CONCURRENCY keep-alive connections from 127.0.0.1, the lanes spread over the api processes. */
export async function getLoad(apis, urlPath) {
  // Lane i goes to api i % apis.length, one connection per lane.
  const pools = apis.map((origin, k) => openPool(origin, '127.0.0.1', Math.ceil((S.concurrency - k) / apis.length)));
  const req = requestOf('GET', urlPath);
  try {
    return await runLoad({ next: (id) => ({ pool: pools[id % pools.length], req }) });
  } finally {
    pools.forEach(dropPool);
  }
}

/** How one answer goes over the wire with BENCH_ACCEPT_ENCODING: its encoding and bytes, against the plain answer's. */
async function wireSize(origin, urlPath) {
  const bytes = async (headers) => {
    const res = await request(`${origin}${urlPath}`, { headers });
    return { encoding: res.headers['content-encoding'] ?? 'identity', size: (await res.body.arrayBuffer()).byteLength };
  };
  const plain = await bytes({});
  if (!S.acceptEncoding) return `${fmt(plain.size)} bytes, no Accept-Encoding sent`;
  const sent = await bytes({ 'accept-encoding': S.acceptEncoding });
  return `${fmt(plain.size)} bytes, sent as ${sent.encoding}: ${fmt(sent.size)} bytes`;
}

/** The read phases asked for in BENCH_PHASES; their figures go into `r`. */
export async function readPhases({ apis, watched, processes }, r) {
  // The ceiling is GET /site (answers from memory). GET /health is shown too, but it is not
  // trivial: it runs SELECT 1 on PostgreSQL and PING on Redis per request.
  if (want('site')) {
    log('(d) ceiling: GET /api/v1/site ...');
    r.ceiling = await phase(() => getLoad(apis, '/api/v1/site'), processes);
  }
  if (want('shell')) {
    // A page path: the app shell from memory in the router's not-found handler (target: ≥ 50 % of the ceiling).
    log('    app shell: GET /login (a page path the browser draws) ...');
    r.shell = await phase(() => getLoad(apis, '/login'), processes);
    if (!r.shell.statuses[200]) log('    WARNING: no page was answered 200: is the client built (npm run build:client)?');
    // A page the server draws (decision 020), from its drawing kept 2 s and redrawn in the background.
    log('    drawn page: GET /leaderboard (drawn on the server) ...');
    r.drawn = await phase(() => getLoad(apis, '/leaderboard'), processes);
  }
  if (want('health')) {
    log('    GET /api/v1/health ...');
    r.health = await phase(() => getLoad(apis, '/api/v1/health'), processes);
  }
  if (want('leaderboard')) {
    log(`(b) GET /api/v1/groups/{id}/leaderboard (${await wireSize(apis[0], `/api/v1/groups/${watched}/leaderboard`)}) ...`);
    r.board = await phase(() => getLoad(apis, `/api/v1/groups/${watched}/leaderboard`), processes);
  }
}
