// A Redis server of the test's own on a free port, which it may stop and start again (the shared
// one at 127.0.0.1:6379 is never touched). Every write is on disk before it is answered
// (appendfsync always), so a kill -9 loses nothing Redis acknowledged, as with the compose settings.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, stopProcess } from './cluster.mjs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class OwnRedis {
  private child: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort(), await mkdtemp(path.join(tmpdir(), 'screamstage-redis-')));
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again, on the same port and data) and waits until it takes connections. */
  async restart(): Promise<void> {
    if (this.child) return;
    this.child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'],
      { stdio: 'ignore' },
    );
    const until = Date.now() + 10_000;
    while (!(await reachable(this.port))) {
      if (Date.now() > until) throw new Error(`redis-server on port ${this.port} did not start`);
      await sleep(50);
    }
  }

  /** kill -9: it goes away at once, as a crashed server does. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child) await stopProcess(child, 5_000, 'SIGKILL');
  }

  async stop(): Promise<void> {
    await this.kill();
    await rm(this.dir, { recursive: true, force: true });
  }
}

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
