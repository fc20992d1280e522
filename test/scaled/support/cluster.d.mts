// Types of cluster.mjs, the scaled-mode process harness shared by the scaled-mode tests and `npm run bench`.
import type { ChildProcess } from 'node:child_process';
import type { Redis } from 'ioredis';
import type pg from 'pg';

export declare const SERVER_ENTRY: string;
export declare const DEFAULT_PG_URL: string;
export declare const DEFAULT_REDIS_URL: string;

export type Role = 'api' | 'worker';

export interface AppProcess {
  role: Role;
  /** api-1, worker-2, ...: numbered in start order, for messages. */
  name: string;
  child: ChildProcess;
  /** http://127.0.0.1:<port> for an api process; null for a worker (no HTTP). */
  baseUrl: string | null;
  output(): string;
}

export interface ClusterOptions {
  apis?: number;
  workers?: number;
  /** Extra variables for every process. */
  env?: Record<string, string>;
  /** A superuser URL to the postgres database [TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/postgres]. */
  pgUrl?: string;
  /** [TEST_REDIS_URL, else redis://127.0.0.1:6379] */
  redisUrl?: string;
  /** Random hex unless given: names the database `<dbPrefix>_<tag>` and the key prefix `<keyPrefix>_<tag>`. */
  tag?: string;
  /** ['ss_scaled'] */
  dbPrefix?: string;
  /** ['ss_test'] */
  keyPrefix?: string;
  /** The data folder is a temporary folder `screamstage-<dirPrefix>-*` ['scaled']. */
  dirPrefix?: string;
  /** Connections of the `db` pool [4]. */
  dbPoolSize?: number;
  /** Node arguments for every app process, e.g. ['--cpu-prof']. */
  nodeArgs?: string[];
  /** The workers' niceness (nice -n) [0]. */
  workerNice?: number;
}

/** A TCP port free on 127.0.0.1 right now. */
export declare function freePort(): Promise<number>;

/** SIGTERM (or `signal`), then SIGKILL after `timeoutMs`; resolves once the process exited. */
export declare function stopProcess(child: ChildProcess, timeoutMs?: number, signal?: NodeJS.Signals): Promise<void>;

/** Deletes every key under the prefix (SCAN, never KEYS: the server may be shared). */
export declare function deleteKeysByPrefix(redis: Redis, prefix: string): Promise<number>;

export declare class Cluster {
  private constructor();
  readonly apis: AppProcess[];
  readonly workers: AppProcess[];
  /** Every process ever started here, also the killed ones (teardown stops what still runs). */
  readonly started: AppProcess[];
  readonly dbName: string;
  readonly databaseUrl: string;
  /** A small pool on the cluster's database, for seeding and assertions. */
  readonly db: pg.Pool;
  readonly redisPrefix: string;
  /** A Redis client for assertions on the cluster's keys. */
  readonly redis: Redis;
  readonly dataDir: string;
  readonly env: Record<string, string>;

  /** A fresh database and key prefix; the first api process migrates, the others then start together. */
  static start(options?: ClusterOptions): Promise<Cluster>;
  /** `http://127.0.0.1:<port>` of the i-th api process still running. */
  apiUrl(i?: number): string;
  startApi(): Promise<AppProcess>;
  /** A worker has no HTTP; it is up once it has written its heartbeat file (after its job workers started). */
  startWorker(): Promise<AppProcess>;
  /** Sends the signal and waits for the process to exit; it leaves the cluster's lists. */
  kill(p: AppProcess, signal?: NodeJS.Signals): Promise<void>;
  /** Stops the process (SIGTERM unless told otherwise) and starts a fresh one in the same role. */
  restart(p: AppProcess, signal?: NodeJS.Signals): Promise<AppProcess>;
  /** Everything every process printed, for failure messages. */
  output(): string;
  /** SIGTERM to every process still running, then the database, the keys and the data folder go (each step even if one fails). */
  teardown(): Promise<void>;
}
