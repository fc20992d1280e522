import { describe, expect, it } from '@jest/globals';
import { ServiceUnavailableException } from '@nestjs/common';
import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';
import { BusTopic } from '#server/infra/events/process-bus.js';
import { atMostEvery, ClusterConcurrencyLimiter, ClusterProcessBus } from './cluster-adapters.js';
import { ClusterHub } from './cluster-hub.js';
import { ClusterLink, type ClusterNotice } from './cluster-ipc.js';

/**
 * Two ends of one IPC channel, as the cluster gives them: the worker's `process` and the primary's
 * `Worker`. Messages are copied (structured clone) and delivered on a later turn, as over a real channel.
 */
function channel(id: number): { worker: Worker; process: NodeJS.Process } {
  const workerEnd = new EventEmitter() as EventEmitter & Record<string, unknown>;
  const processEnd = new EventEmitter() as EventEmitter & Record<string, unknown>;
  const deliver = (to: EventEmitter, message: unknown) => setImmediate(() => to.emit('message', structuredClone(message)));
  Object.assign(workerEnd, {
    id,
    isConnected: () => true,
    send: (message: unknown, callback?: (err: Error | null) => void) => {
      deliver(processEnd, message);
      callback?.(null);
      return true;
    },
  });
  Object.assign(processEnd, {
    connected: true,
    send: (message: unknown) => {
      deliver(workerEnd, message);
      return true;
    },
  });
  return { worker: workerEnd as unknown as Worker, process: processEnd as unknown as NodeJS.Process };
}

function cluster(size: number): { hub: ClusterHub; links: ClusterLink[]; workers: Worker[] } {
  const hub = new ClusterHub(size);
  const ends = Array.from({ length: size }, (_, i) => channel(i + 1));
  ends.forEach((end, i) => hub.attach(end.worker, i + 1));
  return { hub, links: ends.map((end) => new ClusterLink(end.process)), workers: ends.map((end) => end.worker) };
}

/** Waits until `read` equals `expected` (messages take event-loop turns), failing after 5 s with the last value. */
async function until(read: () => unknown, expected: unknown): Promise<void> {
  const end = Date.now() + 5_000;
  while (JSON.stringify(read()) !== JSON.stringify(expected) && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(read()).toEqual(expected);
}

/** Every message sent so far delivered (a few turns of a quiet channel). */
const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

describe(ClusterHub.name, () => {
  it('should pass a process-bus signal to every other worker once, and to the sender only through its own handlers', async () => {
    const { links } = cluster(3);
    const buses = links.map((link) => new ClusterProcessBus(link));
    const heard = [0, 0, 0];
    buses.forEach((bus, i) => bus.subscribe(BusTopic.ContestsChanged, () => heard[i]++));
    buses[0].publish(BusTopic.ContestsChanged);
    await until(() => heard, [1, 1, 1]);
    // A topic nobody subscribed to runs no handler.
    buses[1].publish(BusTopic.JobsAdded);
    await settled();
    expect(heard).toEqual([1, 1, 1]);
  });

  it('should relay a message on a channel to every other worker, with its data', async () => {
    const { links } = cluster(3);
    const got: unknown[][] = [[], [], []];
    links.forEach((link, i) => link.onRelay('standings', (data) => got[i].push(data)));
    links[2].relay('standings', { groupId: 7 });
    links[2].relay('elsewhere', 1);
    await until(() => got, [[{ groupId: 7 }], [{ groupId: 7 }], []]);
  });

  it('should hold upload places for all workers: the limit is one, whichever worker asks', async () => {
    const { links } = cluster(2);
    const [a, b] = links.map((link) => new ClusterConcurrencyLimiter(link));
    const first = await a.acquire('user:1', 2, 60);
    const second = await b.acquire('user:1', 2, 60);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await a.acquire('user:1', 2, 60)).toBeNull();
    expect(await b.acquire('user:1', 2, 60)).toBeNull();
    expect(await b.acquire('user:2', 2, 60)).not.toBeNull();
    await first!.release();
    await first!.release();
    expect(await b.acquire('user:1', 2, 60)).not.toBeNull();
    expect(await a.acquire('user:1', 2, 60)).toBeNull();
  });

  it('should give back at once a place whose release came before its grant (a worker that stopped waiting)', async () => {
    const { links } = cluster(1);
    await links[0].request({ op: 'lease-release', token: 'late' });
    expect(await links[0].request({ op: 'lease-acquire', key: 'user:1', max: 1, ttlSeconds: 60, token: 'late' })).toBe(false);
    // The one place is free for the next upload.
    expect(await new ClusterConcurrencyLimiter(links[0]).acquire('user:1', 1, 60)).not.toBeNull();
  });

  it('should tell every worker how many are ready, whether the start is complete and the jobs run, and that the whole is stopping', async () => {
    const { hub, links, workers } = cluster(3);
    const seen: ClusterNotice[][] = [[], [], []];
    links.forEach((link, i) => link.onNotice((n) => seen[i].push(n)));
    links[0].notify({ kind: 'ready' });
    await until(() => seen[1].at(-1), { kind: 'cluster', ready: 1, total: 3, started: false, jobs: true, stopping: false });
    links[1].notify({ kind: 'ready' });
    links[2].notify({ kind: 'ready' });
    await until(() => seen[0].at(-1), { kind: 'cluster', ready: 3, total: 3, started: true, jobs: true, stopping: false });
    // An api process that exits is no longer ready; the start stays complete and the jobs still run.
    (workers[2] as unknown as EventEmitter).emit('exit');
    await until(() => seen[0].at(-1), { kind: 'cluster', ready: 2, total: 3, started: true, jobs: true, stopping: false });
    // Worker 1 (the jobs) exiting is said to every other worker.
    (workers[0] as unknown as EventEmitter).emit('exit');
    await until(() => seen[1].at(-1), { kind: 'cluster', ready: 1, total: 3, started: true, jobs: false, stopping: false });
    hub.stop();
    await until(() => seen[1].at(-1), { kind: 'cluster', ready: 1, total: 3, started: true, jobs: false, stopping: true });
  });

  it('should refuse a request as 503, not a fault, when the primary is gone', async () => {
    const gone = Object.assign(new EventEmitter(), { connected: false, send: () => false }) as unknown as NodeJS.Process;
    const failure = await new ClusterConcurrencyLimiter(new ClusterLink(gone)).acquire('user:1', 2, 60).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ServiceUnavailableException);
    expect((failure as ServiceUnavailableException).getStatus()).toBe(503);
  });
});

describe(atMostEvery.name, () => {
  it('should send the first signal at once and join a burst into one more at the end of the pause', async () => {
    let sent = 0;
    const signal = atMostEvery(30, () => sent++);
    for (let i = 0; i < 2_000; i++) signal();
    expect(sent).toBe(1);
    await until(() => sent, 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sent).toBe(2);
    // After a quiet pause, the next one goes at once again.
    signal();
    expect(sent).toBe(3);
  });
});
