import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { isRedisUnavailable } from '#server/infra/queue/outage-errors.js';
import { createRedis, patientRedisOptions, watchRedis } from './redis-clients.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port on 127.0.0.1 with nothing listening: connections to it are refused, as to a stopped Redis. */
async function freePort(): Promise<number> {
  const srv = net.createServer();
  const port = await new Promise<number>((resolve) => srv.listen(0, '127.0.0.1', () => resolve((srv.address() as net.AddressInfo).port)));
  await new Promise((resolve) => srv.close(resolve));
  return port;
}

describe(createRedis.name, () => {
  const clients: Redis[] = [];
  let server: ChildProcess | null = null;
  afterAll(() => {
    for (const c of clients) c.disconnect();
    server?.kill('SIGKILL');
    jest.restoreAllMocks();
  });

  it('should fail commands at once while Redis is away, log the outage once and its end once', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const [fast, patient] = [createRedis(url, 'spec-fast', 'fail-fast'), createRedis(url, 'spec-patient', 'patient')];
    clients.push(fast, patient);

    const started = Date.now();
    const err = await fast.set('k', 'v').then(
      () => null,
      (e: unknown) => e,
    );
    expect(isRedisUnavailable(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(500);
    // A publish nobody awaits does not reject unhandled (Jest would fail the test on one).
    void fast.publish('channel', 'message');
    // The patient connection holds its command until Redis is there, and so does a patient duplicate
    // of the fail-fast one (a subscriber made from the shared connection).
    const held = patient.ping();
    const subscriber = watchRedis(fast.duplicate(patientRedisOptions), 'spec-subscriber');
    clients.push(subscriber);
    const subscribed = subscriber.subscribe('spec-channel');

    // Several reconnection tries of both connections: one line.
    await sleep(1200);
    expect(warn.mock.calls.filter(([m]) => String(m).startsWith('Redis unreachable'))).toHaveLength(1);

    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    expect(await held).toBe('PONG');
    expect(await subscribed).toBe(1);
    const until = Date.now() + 5000;
    while (fast.status !== 'ready' && Date.now() < until) await sleep(50);
    expect(await fast.set('k', 'v')).toBe('OK');
    expect(log.mock.calls.filter(([m]) => String(m).startsWith('Redis reachable again'))).toHaveLength(1);
    expect(warn.mock.calls.filter(([m]) => String(m).startsWith('Redis unreachable'))).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });
});
