// A Redis server of the test's own on a free port, which it may stop and start again (the shared
// one at 127.0.0.1:6379 is never touched). It runs with the compose file's settings: every write is
// on disk before it is answered (appendfsync always, unless told otherwise), so a kill -9 loses
// nothing Redis acknowledged, and at its memory limit it refuses writes rather than evicting keys.
// Plain JavaScript so that `npm run bench` (its faults phase) runs it without a TypeScript step; its
// types are in own-redis.d.mts.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopProcess } from './cluster.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class OwnRedis {
  /** @private use OwnRedis.start */
  constructor(port, dir, appendfsync) {
    this.port = port;
    this.dir = dir;
    this.appendfsync = appendfsync;
    this.child = null;
  }

  /** On a free port, its data in a fresh folder under the system's temporary folder (`dir`, when given, instead). */
  static async start({ appendfsync = 'always', dir } = {}) {
    const redis = new OwnRedis(await freePort(), await mkdtemp(path.join(dir ?? tmpdir(), 'screamstage-redis-')), appendfsync);
    await redis.restart();
    return redis;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** The redis-server process while it runs (for its CPU figures), else null. */
  get process() {
    return this.child;
  }

  /** Starts it (again, on the same port and data) and waits until it takes connections. */
  async restart() {
    if (this.child) return;
    // The compose file's settings (docker-compose.yml), with no snapshots: the append-only file is the data.
    this.child = spawn(
      'redis-server',
      [
        ...['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', ''],
        ...['--appendonly', 'yes', '--appendfsync', this.appendfsync, '--maxmemory', '512mb', '--maxmemory-policy', 'noeviction'],
      ],
      { stdio: 'ignore' },
    );
    const until = Date.now() + 10_000;
    while (!(await reachable(this.port))) {
      if (Date.now() > until) throw new Error(`redis-server on port ${this.port} did not start`);
      await sleep(50);
    }
  }

  /** kill -9: it goes away at once, as a crashed server does. */
  async kill() {
    const child = this.child;
    this.child = null;
    if (child) await stopProcess(child, 5_000, 'SIGKILL');
  }

  async stop() {
    await this.kill();
    await rm(this.dir, { recursive: true, force: true });
  }
}

function reachable(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
