// The crowd's sockets: WebSocket connections that speak Socket.IO's wire protocol themselves (Engine.IO
// v4 framing, Socket.IO v5 packets) and only count the events they receive, by name. The server sees
// what a browser's socket.io-client sends; the crowd spends a few microseconds per event instead of the
// full client's decoding, so that the app, not the simulated audience, takes the machine's cores.
import WebSocket from 'ws';
import { loopback } from './http.mjs';

const OPEN = 0x30; // '0': Engine.IO open
const PING = 0x32; // '2': Engine.IO ping, answered with '3'
const MESSAGE = 0x34; // '4': Engine.IO message, carrying a Socket.IO packet
const EVENT = 0x32; // '2' after '4': a Socket.IO event, ["name", payload]
const ACK = 0x33; // '3' after '4': a Socket.IO acknowledgement

/**
 * One socket on `origin`, in `room` once `ready` resolves; `onEvent(name)` is called for every event.
 * `localAddress`: the loopback address it connects from.
 */
function rawSocket(origin, room, localAddress, onEvent) {
  const ws = new WebSocket(`${origin.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    localAddress,
    skipUTF8Validation: true,
    perMessageDeflate: false,
  });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket: no subscribe acknowledgement within 20 s')), 20_000);
    ws.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    ws.on('message', (data) => {
      const kind = data[0];
      if (kind === MESSAGE && data[1] === EVENT) {
        // 42["name",...]: the name runs from byte 4 to the next quote.
        const end = data.indexOf(0x22, 4);
        onEvent(data.toString('latin1', 4, end));
      } else if (kind === PING) ws.send('3');
      else if (kind === OPEN) ws.send('40');
      else if (kind === MESSAGE && data[1] === 0x30) ws.send(`420${JSON.stringify(['subscribe', [room]])}`);
      else if (kind === MESSAGE && data[1] === ACK) {
        clearTimeout(timer);
        const ack = JSON.parse(data.toString('utf8', data.indexOf(0x5b)))[0];
        if (ack?.ok) resolve();
        else reject(new Error(`subscribe refused: ${JSON.stringify(ack)}`));
      }
    });
  });
  return { ready, close: () => ws.terminate() };
}

/**
 * `n` sockets spread over the api processes, each subscribed to `room`, from addresses of loopback
 * `block` (`perAddress` sockets each, so no address pair runs short of ports); `onEvent(i, name)`
 * gets the socket's index among these `n` and the event's name.
 */
export async function connectRawSockets(apis, room, n, { offset = 0, block, perAddress }, onEvent) {
  const sockets = [];
  let i = 0;
  try {
    for (; i < n; i += 100) {
      const wave = Array.from({ length: Math.min(100, n - i) }, (_, k) => {
        const index = i + k;
        const at = offset + index;
        const s = rawSocket(apis[at % apis.length], room, loopback(Math.floor(at / perAddress), block), (name) => onEvent(index, name));
        sockets.push(s);
        return s.ready;
      });
      await Promise.all(wave);
    }
  } catch (err) {
    sockets.forEach((s) => s.close());
    // How far it got: at an open-files limit, the first socket the app could not take.
    throw new Error(`${err?.message ?? err} (${i} of these ${n} sockets had connected)`, { cause: err });
  }
  return sockets;
}
