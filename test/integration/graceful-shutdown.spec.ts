// Graceful shutdown (decision 019): Ctrl-C at the terminal sends SIGINT to the whole
// foreground process group (npm, node, and before decision 019 the embedded PostgreSQL as well).
// The 5 s below is the required bound for the whole group to be gone, not a speed target.
import { afterEach, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { io } from 'socket.io-client';
import { ACCOUNT_RESULT_MESSAGES } from '#contract/auth/messages.js';
import { SERVICE_MESSAGES } from '#contract/common/messages.js';
import { mailsTo, pngPicture, registrationForm, validFields } from '../helpers/accounts.js';
import { formBytes, holdRequest } from '../helpers/in-flight.js';
import { npmStart, processes, stillRunning, type NpmStartedApp } from '../helpers/npm-start.js';
import { eventually } from '../helpers/source-address.js';

const GONE_WITHIN_MS = 5_000;

/** Until nothing of the app or its database runs; fails after the required 5 s, naming what is left. */
async function expectAllGone(family: { pids: Set<number>; groups: Set<number> }): Promise<void> {
  const left = await eventually(
    'every process of the app and its database to exit',
    async () => stillRunning(family.pids, family.groups),
    (l) => l.length === 0,
    GONE_WITHIN_MS,
  );
  expect(left).toEqual([]);
}

const refusesConnections = (baseUrl: string) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(new URL(baseUrl).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe('stopping with Ctrl-C (SIGINT to the process group of npm start)', () => {
  let app: NpmStartedApp | undefined;
  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });

  it('should answer a registration in progress, then leave no process of the app or its database within 5 s', async () => {
    app = await npmStart();
    const fields = validFields('ctrl_c');
    const { body, contentType } = await formBytes(registrationForm(fields, [await pngPicture()]));
    // Held before its last bytes: the handler is reading the form when the signal comes.
    const registration = holdRequest(`${app.api}/auth/register-contestant`, { body, headers: { 'content-type': contentType }, heldBytes: 64 });
    await eventually(
      'the server to take the request',
      async () => app!.output(),
      (out) => out.includes('"url":"/api/v1/auth/register-contestant"'),
    );
    const family = app.family();

    process.kill(-app.group, 'SIGINT');
    await eventually(
      'the app to begin stopping',
      async () => app!.output(),
      (out) => out.includes('shutting down'),
    );
    // It takes no new connection while it finishes the one in progress.
    await eventually(
      'the port to refuse new connections',
      () => refusesConnections(app!.baseUrl),
      (refused) => refused,
    );

    const answer = await registration.finish();
    expect(answer).toEqual({ status: 201, body: { email: fields.email, username: fields.username, message: ACCOUNT_RESULT_MESSAGES.registered } });
    await expectAllGone(family);
    expect(await app.exited).toEqual({ code: 0, signal: null });
    // The queue drained before the exit: the verification mail of that registration was sent.
    expect(await mailsTo(app.dataDir, fields.email)).toHaveLength(1);
    // PostgreSQL shut down cleanly (it removes its lock file then), as the app's last step.
    expect(existsSync(path.join(app.dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it('should stop within 5 s when idle, closing kept-alive HTTP and Socket.IO connections', async () => {
    app = await npmStart();
    // A browser's connections: a live socket and a kept-alive HTTP connection.
    const socket = io(app.baseUrl, { transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const socketClosed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const agent = new http.Agent({ keepAlive: true });
    const keptAlive = await new Promise<net.Socket>((resolve, reject) => {
      const req = http.get(`${app!.api}/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket!));
      });
      req.on('error', reject);
    });
    const connectionClosed = new Promise<void>((resolve) => keptAlive.once('close', () => resolve()));
    const family = app.family();

    process.kill(-app.group, 'SIGINT');
    await expectAllGone(family);
    expect(await app.exited).toEqual({ code: 0, signal: null });
    await connectionClosed;
    // The server closed the socket (not the client, which would say "io client disconnect").
    expect(await socketClosed).toBe('transport close');
    expect(existsSync(path.join(app.dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    agent.destroy();
  }, 180_000);
});

describe('stopping with a delay before the drain (SHUTDOWN_DELAY_MS, as behind a load balancer)', () => {
  let app: NpmStartedApp | undefined;
  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });

  it('should answer not ready from the first moment of the stop while it still serves, then close and exit cleanly', async () => {
    app = await npmStart({ SHUTDOWN_DELAY_MS: '3000' });
    expect((await fetch(`${app.api}/health/ready`)).status).toBe(200);

    process.kill(-app.group, 'SIGTERM');
    const notReady = await eventually(
      'readiness to turn false',
      async () => {
        const res = await fetch(`${app!.api}/health/ready`);
        return { status: res.status, body: (await res.json()) as unknown };
      },
      (r) => r.status === 503,
    );
    expect(notReady.body).toEqual({ detail: SERVICE_MESSAGES.shuttingDown });
    // Meanwhile it is alive and still serves everything else: no connection has closed yet.
    expect((await fetch(`${app.api}/health/live`)).status).toBe(200);
    const site = await fetch(`${app.api}/site`);
    expect(site.status).toBe(200);
    expect(await refusesConnections(app.baseUrl)).toBe(false);

    // After the delay it drains as any stop does, and exits cleanly.
    await eventually(
      'the port to refuse new connections',
      () => refusesConnections(app!.baseUrl),
      (refused) => refused,
      15_000,
    );
    expect(await app.exited).toEqual({ code: 0, signal: null });
  }, 180_000);
});

describe('killed outright (SIGKILL, as the OOM killer would)', () => {
  let app: NpmStartedApp | undefined;
  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });

  it('should leave no PostgreSQL running once the node process is gone', async () => {
    app = await npmStart();
    const family = app.family();
    // npm's child: node running scripts/start.mjs (npm runs it through `exec`).
    const node = processes().find((p) => p.ppid === app!.group && p.pgid === app!.group);
    expect(node).toBeDefined();

    process.kill(node!.pid, 'SIGKILL');
    await expectAllGone(family);
  }, 180_000);
});
