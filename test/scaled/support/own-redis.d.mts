// Types of own-redis.mjs, the Redis server of a test's own (and of `npm run bench`'s faults phase).
import type { ChildProcess } from 'node:child_process';

export declare class OwnRedis {
  private constructor();
  readonly port: number;
  /** On a free port, its data in a fresh folder under the system's temporary folder (`dir`, when given, instead). */
  static start(options?: { appendfsync?: 'always' | 'everysec'; dir?: string }): Promise<OwnRedis>;
  readonly url: string;
  /** The redis-server process while it runs (for its CPU figures), else null. */
  readonly process: ChildProcess | null;
  /** Starts it (again, on the same port and data) and waits until it takes connections. */
  restart(): Promise<void>;
  /** kill -9: it goes away at once, as a crashed server does. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}
