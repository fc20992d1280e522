// A loopback TCP proxy a test controls, put between the app and a shared service (PostgreSQL) to
// simulate that service going away without touching it: cut() closes every connection through it
// and refuses new ones (as a stopped server does), restore() lets them through again.
// dropAnswerTo() makes one command's answer get lost: the server runs it, the client never hears.
// Plain JavaScript so that `npm run bench` (its faults phase) runs it without a TypeScript step; its
// types are in tcp-proxy.d.mts.
import net from 'node:net';
import { Transform } from 'node:stream';

export class TcpProxy {
  /** @private use TcpProxy.start */
  constructor(port, target) {
    this.port = port;
    this.target = target;
    this.server = null;
    this.sockets = new Set();
    /** The command whose answer is to be lost: { match: Buffer, answered() } or null. */
    this.armed = null;
  }

  /** Listens on a free port of 127.0.0.1 and forwards to `target` ({ host, port }). */
  static async start(target) {
    const probe = net.createServer();
    const port = await new Promise((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => resolve(probe.address().port));
    });
    await new Promise((resolve) => probe.close(resolve));
    const proxy = new TcpProxy(port, target);
    await proxy.restore();
    return proxy;
  }

  get up() {
    return this.server !== null;
  }

  /** Lets connections through again (on the same port). */
  async restore() {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      // Once a connection sent the armed command, nothing the server sends on it reaches the client.
      let muted = null;
      const watch = new Transform({
        transform: (chunk, _encoding, done) => {
          if (this.armed && chunk.includes(this.armed.match)) {
            muted = this.armed;
            this.armed = null;
          }
          done(null, chunk);
        },
      });
      const answers = new Transform({
        transform: (chunk, _encoding, done) => {
          if (!muted) return done(null, chunk);
          muted.answered();
          done();
        },
      });
      client.pipe(watch).pipe(upstream);
      upstream.pipe(answers).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /**
   * The next data a client sends that contains `match` reaches the server, and from then on that
   * connection hears nothing back. Resolves once the server has answered (so the command ran, and its
   * answer is lost); cut() then ends the connection as a server that died at that instant would.
   */
  dropAnswerTo(match, timeoutMs = 10_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.armed = null;
        reject(new Error(`no command containing ${JSON.stringify(match)} was answered within ${timeoutMs} ms`));
      }, timeoutMs);
      this.armed = {
        match: Buffer.from(match),
        answered: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
  }

  /** Every connection through it is dropped and new ones are refused, until restore(). */
  async cut() {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  async stop() {
    await this.cut();
  }
}
