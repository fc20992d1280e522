// The socket crowd (a child process of the bench, see sockets.mjs): connects the sockets it is
// asked for and counts the events they get, without parsing them.
import { connectSockets } from './sockets.mjs';

let sockets = [];
let votes = 0;
let standings = 0;
process.on('message', async (m) => {
  if (m.type === 'connect') {
    const more = await connectSockets(m.apis, m.room, m.n, m.offset, true);
    for (const so of more) {
      so.on('votes', () => votes++);
      so.on('standings', () => standings++);
    }
    sockets = sockets.concat(more);
    process.send({ type: 'connected', total: sockets.length });
  } else if (m.type === 'count') process.send({ type: 'count', votes, standings, sockets: sockets.length });
  else if (m.type === 'close') {
    sockets.forEach((so) => so.close());
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0)); // the benchmark ended
process.send({ type: 'ready' });
