import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { aMigrationRecord } from '../helpers/factories.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

describe('HTTP ground rules', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.stop();
  });

  it('should report health of the database', async () => {
    const res = await fetch(`${t.api}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok', redis: 'not configured' });
  });

  it('should say it is alive, and ready once the database answers and every migration has run', async () => {
    const live = await fetch(`${t.api}/health/live`);
    expect({ status: live.status, body: await live.json() }).toEqual({ status: 200, body: { status: 'ok' } });
    const ready = await fetch(`${t.api}/health/ready`);
    expect({ status: ready.status, body: await ready.json() }).toEqual({
      status: 200,
      body: { status: 'ok', database: 'ok', redis: 'not configured', migrations: 'ok' },
    });
    // A database behind this build (its newest migration not run) takes no traffic.
    const { rows } = await t.db.pool.query('DELETE FROM migrations WHERE id = (SELECT max(id) FROM migrations) RETURNING id, timestamp, name');
    try {
      const behind = await fetch(`${t.api}/health/ready`);
      expect({ status: behind.status, body: await behind.json() }).toEqual({ status: 503, body: { detail: 'migrations pending' } });
      expect((await fetch(`${t.api}/health/live`)).status).toBe(200);
    } finally {
      await aMigrationRecord(t.db, { id: rows[0].id, timestamp: rows[0].timestamp, name: rows[0].name });
    }
    expect((await fetch(`${t.api}/health/ready`)).status).toBe(200);
  });

  it('should answer an unknown API path with 404 JSON detail', async () => {
    const res = await fetch(`${t.api}/no-such-thing`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ detail: 'Not Found' });
  });

  it('should send security headers and a request id', async () => {
    const res = await fetch(`${t.api}/health`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should let pages connect only to this site, and send no HSTS over plain HTTP', async () => {
    const res = await fetch(`${t.api}/health`);
    const connectSrc = /connect-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
    expect(connectSrc).toEqual(["'self'", `ws://${new URL(t.env.PUBLIC_URL!).host}`]);
    // The site ships no web fonts: none may come from anywhere else either.
    expect(/font-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]).toBe("'self'");
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('should send HSTS and a wss: socket origin when the site is served over HTTPS', async () => {
    const secure = await startTestServer({ PUBLIC_URL: 'https://scream.example.test' }, { db: t.db });
    try {
      const res = await fetch(`${secure.api}/health`);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers.get('content-security-policy')).toContain("connect-src 'self' wss://scream.example.test");
    } finally {
      await secure.stop();
    }
  });

  it('should serve the OpenAPI document', async () => {
    const res = await fetch(`${t.baseUrl}/api/docs-json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/v1/health');
  });

  it('should refuse a JSON body over the size limit with a clear 413', async () => {
    const res = await fetch(`${t.api}/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ x: 'a'.repeat(400_000) }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/too large/i);
  });
});
