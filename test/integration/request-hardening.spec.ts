// Request handling under odd or hostile input: empty JSON bodies, NUL bytes in forms,
// framework errors in our shape, strict ids/numbers/dates and server-made request ids.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NUL_CHARACTER_MESSAGE } from '#server/common/nul-characters.js';
import { register, validFields } from '../helpers/accounts.js';
import { call, createAccounts, daysFromNow, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { writeBuiltClient } from '../helpers/built-client.js';
import { SERVER_ENTRY, startTestServer, type TestServer } from '../helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A request with `Content-Type: application/json` and no body at all, as some clients send. */
function emptyJson(t: TestServer, method: string, p: string, token?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${t.api}${p}`, { method, headers });
}

/** Raw bytes over a socket, for requests fetch refuses to send; answers the whole response text. */
function rawRequest(t: TestServer, text: string): Promise<string> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (c: Buffer) => (out += c.toString()));
    socket.on('error', (err) => (out ? resolve(out) : reject(err)));
    socket.on('close', () => resolve(out));
    socket.setTimeout(5000, () => socket.destroy());
  });
}

/** 404 or 422 stay as they are; anything else becomes a marker no status equals. */
const refused = (status: number) => (status === 404 || status === 422 ? status : 'not refused');
const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
const bodyOf = (raw: string) => raw.slice(raw.indexOf('\r\n\r\n') + 4);

/** An error body in our shape that names neither the path nor a framework code. */
function expectOurShape(body: string, path: string): void {
  expect(JSON.parse(body)).toEqual({ detail: expect.any(String) });
  expect(body).not.toMatch(/FST_|statusCode|"error"/);
  expect(body).not.toContain(path);
}

describe('request hardening', () => {
  let t: TestServer;
  let admin: TestAccount;

  beforeAll(async () => {
    t = await startTestServer();
    [admin] = await createAccounts(t, 'rh_boss', 1, 'admin');
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  describe('an empty body sent as JSON', () => {
    it('should be treated as no body on vote, increment-views and the admin deletes', async () => {
      const contest = await insertContest(t, { name: 'Empty Body Cup', isCurrent: true });
      const [star] = await createAccounts(t, 'rh_star', 1);
      expect((await join(t, star, contest)).status).toBe(201);

      const vote = await emptyJson(t, 'POST', `/contestants/${star.username}/vote`);
      expect({ status: vote.status, body: await vote.json() }).toEqual({ status: 201, body: expect.objectContaining({ vote_id: expect.any(String) }) });
      const views = await emptyJson(t, 'POST', `/contestants/${star.username}/increment-views`);
      expect({ status: views.status, body: await views.json() }).toEqual({ status: 200, body: { profile_views: 1 } });

      const [doomed] = await createAccounts(t, 'rh_doomed', 1);
      const deleteUser = await emptyJson(t, 'DELETE', `/users/${doomed.id}`, admin.token);
      expect(deleteUser.status).toBe(200);
      const other = await insertContest(t, { name: 'Doomed Cup' });
      const deleteContest = await emptyJson(t, 'DELETE', `/admin/contests/${other}`, admin.token);
      expect(deleteContest.status).toBe(200);
      expect((await t.db.pool.query('SELECT 1 FROM contests WHERE id = $1', [other])).rowCount).toBe(0);
    });

    it('should still refuse a malformed JSON body with 400 in our shape', async () => {
      const res = await fetch(`${t.api}/contestants/join-contest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
        body: '{"contest_id":',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ detail: 'The request body is not valid JSON' });
    });

    it('should answer 422 for a body that a route needs but did not get', async () => {
      const res = await emptyJson(t, 'POST', '/admin/create-contest', admin.token);
      expect(res.status).toBe(422);
    });
  });

  describe('NUL characters in multipart fields', () => {
    it('should answer 422 naming the field for every registration field, never 500', async () => {
      const base = validFields('nul');
      const results: Record<string, unknown> = {};
      for (const field of Object.keys(base)) {
        const fields = { ...validFields(`nul${field.length}${field.slice(0, 3)}`), [field]: `bad\u0000value` };
        const res = await register(t, fields);
        const body = (await res.json()) as { detail: { loc: unknown[]; msg: string }[] };
        results[field] = {
          status: res.status,
          nul: Array.isArray(body.detail) && body.detail.some((d) => d.loc.join('.') === `body.${field}` && d.msg === NUL_CHARACTER_MESSAGE),
        };
      }
      expect(results).toEqual(Object.fromEntries(Object.keys(base).map((f) => [f, { status: 422, nul: true }])));
      expect((await t.db.pool.query(`SELECT 1 FROM users WHERE username LIKE 'user_nul%'`)).rowCount).toBe(0);
    });
  });

  describe('framework errors', () => {
    it('should answer an unknown API path with 404 {"detail":"Not Found"} without the path', async () => {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await fetch(`${t.api}/nope-${method}`, { method });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ detail: 'Not Found' });
      }
    });

    it('should answer a bad URL with 400 in our shape', async () => {
      const raw = await rawRequest(t, 'GET /api/v1/contestants/%E0%A4%A/views HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect(statusOf(raw)).toBe(400);
      expectOurShape(bodyOf(raw), '%E0%A4%A');
    });

    it('should answer an over-long path parameter with 414 in our shape', async () => {
      const long = 'a'.repeat(300);
      const res = await fetch(`${t.api}/contestants/${long}/views`);
      expect(res.status).toBe(414);
      expectOurShape(await res.text(), long);
    });

    it('should answer over-large headers with 431 in our shape', async () => {
      const raw = await rawRequest(t, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
      expect(statusOf(raw)).toBe(431);
      expect(raw).toMatch(/content-type: application\/json/i);
      expectOurShape(bodyOf(raw), 'bbbb');
    });

    it('should answer a request Node cannot parse with 400 in our shape', async () => {
      const raw = await rawRequest(t, 'GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(statusOf(raw)).toBe(400);
      expect(raw).toMatch(/content-type: application\/json/i);
      expectOurShape(bodyOf(raw), 'GARBAGE');
    });
  });

  describe('ids, numbers and dates', () => {
    it('should not read padded or decorated ids as the plain id', async () => {
      const contest = await insertContest(t, { name: 'Strict Id Cup' });
      for (const spelled of [`0${contest}`, `00${contest}`, `+${contest}`, `${contest}e0`, `%20${contest}`, `${contest}.0`, `0x${contest.toString(16)}`]) {
        const get = await call(t, 'GET', `/admin/contests/${spelled}`, admin.token);
        expect([spelled, get.status]).toEqual([spelled, refused(get.status)]);
        const del = await call(t, 'DELETE', `/admin/contests/${spelled}`, admin.token);
        expect([spelled, del.status]).toEqual([spelled, refused(del.status)]);
      }
      expect((await t.db.pool.query('SELECT 1 FROM contests WHERE id = $1', [contest])).rowCount).toBe(1);
      const [star] = await createAccounts(t, 'rh_padded', 1);
      expect((await call(t, 'GET', `/profiles/id/${star.profileId}`)).status).toBe(200);
      for (const spelled of [`0${star.profileId}`, `+${star.profileId}`, `${star.profileId}e0`, `%20${star.profileId}`]) {
        const status = (await call(t, 'GET', `/profiles/id/${spelled}`)).status;
        expect([spelled, status]).toEqual([spelled, refused(status)]);
      }
    });

    it('should refuse a contest id that is not a JSON number', async () => {
      const contest = await insertContest(t, { name: 'Typed Cup' });
      const [fan] = await createAccounts(t, 'rh_typed', 1);
      for (const bad of [true, [contest], String(contest), `0${contest}`]) {
        const res = await join(t, fan, bad);
        expect([bad, res.status]).toEqual([bad, 422]);
      }
      expect((await t.db.pool.query('SELECT 1 FROM contest_entries WHERE user_id = $1', [fan.id])).rowCount).toBe(0);
    });

    it('should read query numbers and ids only as plain digits, and a void entry_id only as a JSON number', async () => {
      const contest = await insertContest(t, { name: 'Query Cup' });
      const queries = [
        '/admin/audit-log?page=1e3',
        '/admin/audit-log?page=%201',
        '/admin/audit-log?page=1%20',
        '/admin/audit-log?page=01',
        '/admin/audit-log?page=1&page=2',
        `/admin/votes/export?contest_id=${contest}e0`,
        `/admin/votes/export?contest_id=${contest}%20`,
        `/admin/votes/export?contest_id=+${contest}`,
        `/admin/vote-review?contest_id=${contest}.0`,
        '/admin/payments?skip=1e1',
        '/admin/payments?limit=0x10',
        '/admin/support-messages?limit=-1',
        '/admin/all-contests?skip=%200',
        '/contestants?limit=1e2',
        `/admin/contests/${contest}/groups?limit=1&limit=2`,
      ];
      for (const q of queries) {
        const res = await call(t, 'GET', q, admin.token);
        expect([q, res.status]).toEqual([q, 422]);
      }
      for (const q of ['/admin/audit-log?page=1', `/admin/vote-review?contest_id=${contest}`, '/admin/payments?skip=0&limit=5', '/contestants?limit=3']) {
        const res = await call(t, 'GET', q, admin.token);
        expect([q, res.status]).toEqual([q, 200]);
      }
      const voidBody = (entryId: unknown) => ({
        entry_id: entryId,
        from: new Date(Date.now() - 3_600_000).toISOString(),
        to: new Date().toISOString(),
        reason: 'strict ids only',
      });
      for (const bad of ['1', [1], true, '1e0', 1.5]) {
        const res = await call(t, 'POST', '/admin/vote-review/void', admin.token, voidBody(bad));
        expect([bad, res.status]).toEqual([bad, 422]);
        expect(((await res.json()) as { detail: { loc: string[] }[] }).detail[0].loc).toEqual(['body', 'entry_id']);
      }
    });

    it('should take only ISO-8601 dates and whole-number group sizes', async () => {
      const valid = { name: 'Dated Cup', description: 'Dates are dates', start_date: daysFromNow(1).toISOString() };
      for (const bad of [
        { start_date: '123' },
        { start_date: '2026' },
        { end_date: '99999' },
        { start_date: 'Tue, 01 Dec 2099 10:00:00 GMT' },
        { group_size_cap: '1e1' },
        { group_size_cap: ' 0x10' },
      ]) {
        const res = await call(t, 'POST', '/admin/create-contest', admin.token, { ...valid, ...bad });
        expect([bad, res.status]).toEqual([bad, 422]);
      }
      const existing = await insertContest(t, { name: 'Edited Dates Cup' });
      for (const bad of [{ start_date: '123' }, { end_date: '2100' }, { group_size_cap: 1.5 }, { group_size_cap: '007' }]) {
        const res = await call(t, 'PUT', `/admin/contests/${existing}`, admin.token, bad);
        expect([bad, res.status]).toEqual([bad, 422]);
      }
      const day = daysFromNow(2).toISOString().slice(0, 10);
      for (const good of [
        {},
        { start_date: `${day}T10:00` },
        { start_date: `${day}T10:00:00+02:00`, end_date: `${day}T23:00:00.000Z` },
        { group_size_cap: '12' },
      ]) {
        const res = await call(t, 'POST', '/admin/create-contest', admin.token, { ...valid, ...good });
        expect([good, res.status]).toEqual([good, 201]);
      }
    });
  });

  describe('request ids', () => {
    it('should never reflect a raw request id', async () => {
      const res = await fetch(`${t.api}/health`, { headers: { 'x-request-id': '<script>alert(1)</script>' } });
      expect(res.headers.get('x-request-id')).toMatch(UUID);
      const long = await fetch(`${t.api}/health`, { headers: { 'x-request-id': 'x'.repeat(500) } });
      expect(long.headers.get('x-request-id')).toMatch(UUID);
    });

    it('should keep a caller UUID so a proxy can follow its request', async () => {
      const id = '3f1c2b9a-6d4e-4f8a-9b7c-1a2b3c4d5e6f';
      const res = await fetch(`${t.api}/health`, { headers: { 'x-request-id': id } });
      expect(res.headers.get('x-request-id')).toBe(id);
      const none = await fetch(`${t.api}/health`);
      expect(none.headers.get('x-request-id')).toMatch(UUID);
    });
  });
});

describe('page paths next to framework errors', () => {
  let t: TestServer;
  beforeAll(async () => {
    // The server serves <cwd>/dist/client: the client's own index.html stands for the built shell.
    const cwd = await mkdtemp(path.join(process.env.TEST_ROOT ?? tmpdir(), 'shell-'));
    await writeBuiltClient(cwd);
    t = await startTestServer({ SERVE_CLIENT: 'true' }, { cwd });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('should answer page paths with the app shell, a path that is no page with 404, and unknown API paths with a plain 404', async () => {
    for (const [page, status] of [
      ['/leaderboard', 200],
      ['/dashboard', 200],
      ['/no/such/page', 404],
      ['/stats', 404],
    ] as const) {
      const res = await fetch(`${t.baseUrl}${page}`);
      expect([page, res.status, res.headers.get('content-type')]).toEqual([page, status, expect.stringMatching(/text\/html/)]);
      expect(await res.text()).toMatch(/<div id="root">/);
    }
    const head = await fetch(`${t.baseUrl}/leaderboard`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const api = await fetch(`${t.api}/nope`);
    expect(api.status).toBe(404);
    expect(await api.text()).toBe('{"detail":"Not Found"}');
    const file = await fetch(`${t.baseUrl}/assets/missing-file.js`);
    expect(file.status).toBe(404);
    expectOurShape(await file.text(), 'missing-file');
  });

  it('should refuse to start with TRUST_PROXY=true, in one line naming what to give instead', async () => {
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [SERVER_ENTRY],
        { env: { PATH: process.env.PATH ?? '', DATA_DIR: '/nonexistent', ENV_FILE: 'none', TRUST_PROXY: 'true' }, timeout: 30_000 },
        (err, _stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr }),
      );
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "config error: TRUST_PROXY: 'true' would believe any client's X-Forwarded-For: give the proxies' addresses or CIDR ranges (e.g. 172.16.0.0/12) or a hop count (e.g. 1)\n",
    );
  });
});
