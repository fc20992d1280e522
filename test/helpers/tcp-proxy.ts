// A loopback TCP proxy a test controls, put between the app and a shared service (PostgreSQL) to
// simulate that service going away without touching it: cut() closes every connection through it
// and refuses new ones (as a stopped server does), restore() lets them through again.
// dropAnswerTo() makes one command's answer get lost: the server runs it, the client never hears.
import net from 'node:net';

export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private armed: { match: Buffer; answered: () => void } | null = null;

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** Listens on a free port of 127.0.0.1 and forwards to `target`. */
  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const probe = net.createServer();
    const port = await new Promise<number>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as net.AddressInfo).port));
    });
    await new Promise((resolve) => probe.close(resolve));
    const proxy = new TcpProxy(port, target);
    await proxy.restore();
    return proxy;
  }

  get up(): boolean {
    return this.server !== null;
  }

  /** Lets connections through again (on the same port). */
  async restore(): Promise<void> {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      // Once a connection sent the armed command, nothing the server sends on it reaches the client.
      let muted: { answered: () => void } | null = null;
      client.on('data', (chunk: Buffer) => {
        if (this.armed && chunk.includes(this.armed.match)) {
          muted = this.armed;
          this.armed = null;
        }
        upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => {
        if (muted) muted.answered();
        else client.write(chunk);
      });
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
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
  dropAnswerTo(match: string, timeoutMs = 10_000): Promise<void> {
    return new Promise<void>((resolve, reject) => {
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
  async cut(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    const closed = new Promise((resolve) => server.close(resolve));
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await closed;
  }

  async stop(): Promise<void> {
    await this.cut();
  }
}
