// Picture work is bounded: one upload in progress per account and a few registrations per address,
// refused at once (429) before anything is decoded, and the server's memory stays bounded under a burst.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { PICTURE_UPLOAD_MESSAGES } from '#contract/profiles/messages.js';
import { registrationForm, validFields, type Picture } from '../helpers/accounts.js';
import { createAccounts, type TestAccount } from '../helpers/contest-fixtures.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

const BURST = 16;
const MB = 1024 * 1024;

/** A 4000×4000 JPEG: small on the wire, 48 MB of pixels once decoded. */
async function bigJpeg(): Promise<Picture> {
  const data = await sharp({ create: { width: 4000, height: 4000, channels: 3, background: '#6a1520' } })
    .composite([{ input: Buffer.from('<svg width="4000" height="4000"><circle cx="2000" cy="2000" r="1500" fill="#e0c0a0"/></svg>') }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return { data, name: 'huge.jpg', type: 'image/jpeg' };
}

/** kB of the process's memory: `VmRSS` now, `VmHWM` the peak since the last reset. */
async function memoryOf(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

interface Timed {
  status: number;
  /** From the send to the answer's headers, as the client saw it. */
  ms: number;
  body: unknown;
  retryAfter: string | null;
  requestId: string | null;
}

/** Sends every request at once; each answer with the time from its own send to its headers. */
async function burst(send: () => Promise<Response>, count: number): Promise<Timed[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const started = performance.now();
      const res = await send();
      const ms = performance.now() - started;
      return { status: res.status, ms, body: await res.json(), retryAfter: res.headers.get('retry-after'), requestId: res.headers.get('x-request-id') };
    }),
  );
}

/**
 * How long the server took over each request, from its own request log (Fastify's `responseTime`, from
 * the request's arrival to its answer), by request id: the server's time, whatever the machine makes of
 * the client's.
 */
function serverTimes(output: string): Map<string, number> {
  const times = new Map<string, number>();
  for (const line of output.split('\n')) {
    if (!line.includes('"responseTime"')) continue;
    const entry = JSON.parse(line) as { reqId?: string; responseTime?: number };
    if (entry.reqId && typeof entry.responseTime === 'number') times.set(entry.reqId, entry.responseTime);
  }
  return times;
}

describe('bounded picture uploads', () => {
  let t: TestServer;
  let contestant: TestAccount;
  let picture: Picture;

  beforeAll(async () => {
    // Request logs (info) carry the server's own time per request.
    t = await startTestServer({ TRUST_PROXY: 'loopback', LOG_LEVEL: 'info' });
    [contestant] = await createAccounts(t, 'burst', 1);
    picture = await bigJpeg();
  });
  afterAll(async () => {
    await t?.stop();
  });

  /** The multipart body is encoded once, so the requests of a burst leave together. */
  let body: { bytes: ArrayBuffer; type: string };
  beforeAll(async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(picture.data)], { type: picture.type }), picture.name);
    const encoded = new Response(form);
    body = { bytes: await encoded.arrayBuffer(), type: encoded.headers.get('content-type')! };
  });
  const upload = () =>
    fetch(`${t.api}/contestants/my-profile/pictures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${contestant.token}`, 'content-type': body.type },
      body: body.bytes,
    });

  it(`should decode one of ${BURST} simultaneous 4000×4000 uploads of one account, refuse the rest within 100 ms, and grow by at most 300 MB, given back after`, async () => {
    const pid = t.pid!;
    // Warm the path (the first upload loads code and fills pools) and open the client's BURST
    // connections; then measure memory from a fresh peak.
    const warm = await upload();
    expect(warm.status).toBe(200);
    await burst(() => fetch(`${t.api}/contestants/my-profile`, { headers: { authorization: `Bearer ${contestant.token}` } }), BURST);
    const reset = await writeFile(`/proc/${pid}/clear_refs`, '5').then(
      () => true,
      () => false,
    );
    const before = await memoryOf(pid);

    const answers = await burst(upload, BURST);

    const after = await memoryOf(pid);
    const accepted = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(accepted.length).toBeLessThanOrEqual(2);
    expect(refused).toHaveLength(BURST - accepted.length);
    // Refused at once: each within 100 ms of reaching the server, and back at the client while the
    // accepted upload was still being decoded (a refusal after the decoding would come after it).
    const times = serverTimes(t.output());
    const firstDone = Math.min(...accepted.map((a) => a.ms));
    for (const r of refused) {
      expect(r.body).toEqual({ detail: PICTURE_UPLOAD_MESSAGES.inProgress });
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(times.get(r.requestId!)).toBeLessThan(100);
      expect(r.ms).toBeLessThan(firstDone);
    }
    const { rows } = await t.db.pool.query('SELECT cardinality(pictures_urls) AS n FROM contestant_profiles WHERE user_id = $1', [contestant.id]);
    expect(rows[0].n).toBe(1 + accepted.length);
    // The peak since the reset (or, where the kernel cannot reset it, the RSS now) over the RSS before.
    const grown = (reset ? after.peak : after.rss) - before.rss;
    expect(grown).toBeLessThanOrEqual(300 * MB);
    // And it is given back: what stays once the upload is over is a fraction of that.
    expect(after.rss - before.rss).toBeLessThanOrEqual(150 * MB);

    // Once the upload is over the place is free again.
    const next = await upload();
    expect(next.status).toBe(200);
  });

  it("should hold the account's place until its upload's work ends, even when the client has gone", async () => {
    const [other] = await createAccounts(t, 'gone', 1);
    const send = (signal?: AbortSignal) =>
      fetch(`${t.api}/contestants/my-profile/pictures`, {
        method: 'POST',
        headers: { authorization: `Bearer ${other.token}`, 'content-type': body.type },
        body: body.bytes,
        signal,
      });
    // The client sends a 4000×4000 picture and hangs up while the server decodes it.
    const gone = new AbortController();
    const abandoned = send(gone.signal).catch(() => null);
    await new Promise((r) => setTimeout(r, 150));
    gone.abort();
    await abandoned;

    // The work goes on, and so does the place: another upload of the account is refused meanwhile.
    const meanwhile = await send();
    expect({ status: meanwhile.status, body: await meanwhile.json() }).toEqual({ status: 429, body: { detail: PICTURE_UPLOAD_MESSAGES.inProgress } });

    // Once that work has ended the place is free again (within the time one decoding takes).
    let after: Response | null = null;
    for (const started = Date.now(); Date.now() - started < 20_000; await new Promise((r) => setTimeout(r, 200))) {
      after = await send();
      if (after.status !== 429) break;
    }
    expect(after?.status).toBe(200);
  });

  it('should let two registrations with pictures from one address run at once and refuse more at once', async () => {
    const small = {
      data: await sharp({ create: { width: 2400, height: 2400, channels: 3, background: '#224466' } })
        .jpeg()
        .toBuffer(),
      name: 'me.jpg',
      type: 'image/jpeg',
    };
    let n = 0;
    const register = () =>
      fetch(`${t.api}/auth/register-contestant`, {
        method: 'POST',
        headers: { 'x-forwarded-for': '10.77.0.1' },
        body: registrationForm(validFields(`crowd${n++}`), [small, small, small]),
      });
    const answers = await burst(register, 6);
    const created = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status === 429);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.length).toBeLessThanOrEqual(2);
    expect(refused).toHaveLength(6 - created.length);
    for (const r of refused) {
      expect(r.body).toEqual({ detail: PICTURE_UPLOAD_MESSAGES.addressBusy });
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
    // Another address is not held up by this one.
    const other = await fetch(`${t.api}/auth/register-contestant`, {
      method: 'POST',
      headers: { 'x-forwarded-for': '10.77.0.2' },
      body: registrationForm(validFields('crowd_other'), [small]),
    });
    expect(other.status).toBe(201);
  });
});
