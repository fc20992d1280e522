// A socket crowd (a child process of the bench, see sockets.mjs): connects the sockets it is asked
// for (raw-sockets.mjs) and counts the events they get, by name, without parsing them; and per socket
// per second, for the most any one socket received in a second.
import { connectRawSockets } from './raw-sockets.mjs';
import { CROWD_BLOCK, SOCKETS_PER_ADDRESS } from './sockets.mjs';

let sockets = [];
let total = 0;
const byName = {};
/** Events each socket received in the current second (index: the socket's place in `sockets`). */
let thisSecond = [];
/** The most events one socket received in one second since the last `count`. */
let mostInASecond = 0;

/** Ends the current window (a second, or less when a count cuts it short): its most on one socket counts. */
const endWindow = () => {
  let most = 0;
  for (let i = 0; i < thisSecond.length; i++) if (thisSecond[i] > most) most = thisSecond[i];
  mostInASecond = Math.max(mostInASecond, most);
  thisSecond.fill(0);
};
setInterval(endWindow, 1000);

process.on('message', async (m) => {
  if (m.type === 'connect') {
    try {
      const first = thisSecond.length;
      for (let i = 0; i < m.n; i++) thisSecond.push(0);
      const more = await connectRawSockets(m.apis, m.room, m.n, { offset: m.offset, block: CROWD_BLOCK, perAddress: SOCKETS_PER_ADDRESS }, (i, name) => {
        total++;
        byName[name] = (byName[name] ?? 0) + 1;
        thisSecond[first + i]++;
      });
      sockets = sockets.concat(more);
      process.send({ type: 'connected', total: sockets.length });
    } catch (err) {
      process.send({ type: 'connected', error: String(err?.message ?? err) });
    }
  } else if (m.type === 'count') {
    // The counts so far; the most in a second is since the last count (it starts again from here).
    endWindow();
    process.send({ type: 'count', sockets: sockets.length, total, byName: { ...byName }, mostInASecond });
    mostInASecond = 0;
  } else if (m.type === 'close') {
    sockets.forEach((so) => so.close());
    sockets = [];
    thisSecond = [];
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0)); // the benchmark ended
process.send({ type: 'ready' });
