// A loopback TCP proxy a test controls, put between the app and a shared service (PostgreSQL) to
// simulate that service going away without touching it: cut() closes every connection through it
// and refuses new ones (as a stopped server does), restore() lets them through again. Plain
// JavaScript so that `npm run bench` (its faults phase) runs it without a TypeScript step; its types
// are in tcp-proxy.d.mts.
import net from 'node:net';

export class TcpProxy {
  /** @private use TcpProxy.start */
  constructor(port, target) {
    this.port = port;
    this.target = target;
    this.server = null;
    this.sockets = new Set();
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
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
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
