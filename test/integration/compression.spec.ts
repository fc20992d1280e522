// Compressed answers: API JSON over a kilobyte is compressed on the fly as the client
// accepts (Brotli or gzip) and says it varies by Accept-Encoding, and so are the app shell and the
// profile pages; small answers, pictures and the client's files are sent as they are or as built.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createAccounts, insertContest, join, type TestAccount } from '../helpers/contest-fixtures.js';
import { eventually } from '../helpers/source-address.js';
import { writeBuiltClient } from '../helpers/built-client.js';
import { startTestServer, type TestServer } from '../helpers/test-app.js';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (fetch would add its own Accept-Encoding and undo it), answered as raw bytes. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (answer: RawAnswer): Buffer => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
};

/** A script-like text of about `bytes`, compressible like a real bundle. */
const script = (bytes: number) =>
  Buffer.from(
    Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => `export const value${i} = ${i * 7};\n`)
      .join('')
      .slice(0, bytes),
  );

describe('compressed answers', () => {
  let t: TestServer;
  let cwd: string;
  let people: TestAccount[];
  /** The JSON of every group's leaderboard (over a kilobyte), as sent without compression. */
  let boardPath: string;
  let plainBoard: RawAnswer;

  beforeAll(async () => {
    // The server serves <cwd>/dist/client: the client's own index.html stands for the built shell,
    // beside a script with build-made Brotli and gzip copies and a small one without.
    cwd = await mkdtemp(path.join(process.env.TEST_ROOT ?? tmpdir(), 'compress-'));
    const client = path.join(cwd, 'dist/client');
    await writeBuiltClient(cwd);
    const big = script(8000);
    await writeFile(path.join(client, 'assets/big.js'), big);
    await writeFile(path.join(client, 'assets/big.js.br'), brotliCompressSync(big));
    await writeFile(path.join(client, 'assets/big.js.gz'), gzipSync(big));
    await writeFile(path.join(client, 'assets/small.js'), script(900));
    t = await startTestServer({ SERVE_CLIENT: 'true' }, { cwd });

    const contest = await insertContest(t, { name: 'Squeeze Cup', isCurrent: true });
    people = await createAccounts(t, 'squeeze', 8);
    for (const p of people) expect((await join(t, p, contest)).status).toBe(201);
    boardPath = `${t.api}/groups/all-contestants`;
    // Leaderboards may be up to half a second old: wait until all eight are on it.
    plainBoard = await eventually(
      'the leaderboard with every contestant',
      () => raw(boardPath),
      (answer) => people.every((p) => answer.body.includes(`"${p.username}"`)),
    );
  }, 60_000);
  afterAll(async () => {
    await t.stop();
    await rm(cwd, { recursive: true, force: true });
  });

  it('should send a big JSON answer Brotli- or gzip-compressed, as accepted, decoding to the same JSON, varying by Accept-Encoding', async () => {
    expect(plainBoard.body.length).toBeGreaterThan(1024);
    expect(plainBoard.headers['content-encoding']).toBeUndefined();
    // Twice each: the second of each is the answer compressed before, sent again.
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const answer = await raw(boardPath, { 'accept-encoding': accept });
      expect({ accept, status: answer.status, encoding: answer.headers['content-encoding'], vary: answer.headers.vary }).toEqual({
        accept,
        status: 200,
        encoding,
        vary: expect.stringMatching(/accept-encoding/i),
      });
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(answer.body.length).toBeLessThan(plainBoard.body.length / 2);
      expect(JSON.parse(decode(answer).toString('utf8'))).toEqual(JSON.parse(plainBoard.body.toString('utf8')));
    }
  });

  it('should send nothing compressed to a client that accepts no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'compress' }] as Record<string, string>[]) {
      const answer = await raw(boardPath, headers);
      expect({ headers, encoding: answer.headers['content-encoding'] }).toEqual({ headers, encoding: undefined });
      expect(answer.body.equals(plainBoard.body)).toBe(true);
    }
  });

  it('should answer HEAD with the headers of the uncompressed answer and no body', async () => {
    const head = await raw(boardPath, { 'accept-encoding': 'br' }, 'HEAD');
    expect({ status: head.status, encoding: head.headers['content-encoding'], length: Number(head.headers['content-length']), body: head.body.length }).toEqual(
      {
        status: 200,
        encoding: undefined,
        length: plainBoard.body.length,
        body: 0,
      },
    );
  });

  it('should send small answers (a vote, a vote-check, an error) as they are', async () => {
    const [fan] = people;
    const accept = { 'accept-encoding': 'br, gzip' };
    for (const [method, p] of [
      ['POST', `/contestants/${fan.username}/vote`],
      ['GET', `/contestants/${fan.username}/vote-check`],
      ['GET', '/site'],
      ['GET', '/no-such-thing'],
    ] as const) {
      const answer = await raw(`${t.api}${p}`, accept, method);
      expect({ p, encoding: answer.headers['content-encoding'], json: JSON.parse(answer.body.toString('utf8')) as unknown }).toEqual({
        p,
        encoding: undefined,
        json: expect.any(Object),
      });
      expect(answer.body.length).toBeLessThan(1024);
    }
  });

  it('should send a picture as it is, and its 304 without a body', async () => {
    const accept = { 'accept-encoding': 'br, gzip' };
    const card = await raw(`${t.api}/share-cards/${people[1].username}.png`, accept);
    expect({ status: card.status, type: card.headers['content-type'], encoding: card.headers['content-encoding'] }).toEqual({
      status: 200,
      type: 'image/png',
      encoding: undefined,
    });
    expect(card.body.subarray(1, 4).toString('latin1')).toBe('PNG');
    const again = await raw(`${t.api}/share-cards/${people[1].username}.png`, { ...accept, 'if-none-match': card.headers.etag! });
    expect({ status: again.status, encoding: again.headers['content-encoding'], body: again.body.length }).toEqual({
      status: 304,
      encoding: undefined,
      body: 0,
    });
  });

  it("should send the client's files as built: the build's compressed copy when there is one, otherwise as they are", async () => {
    const accept = { 'accept-encoding': 'br, gzip' };
    const big = await raw(`${t.baseUrl}/assets/big.js`, accept);
    // The very bytes of the build's copy, not a fresh compression of the file.
    expect({ encoding: big.headers['content-encoding'], vary: big.headers.vary }).toEqual({ encoding: 'br', vary: expect.stringMatching(/accept-encoding/i) });
    expect(big.body.equals(brotliCompressSync(script(8000)))).toBe(true);
    const small = await raw(`${t.baseUrl}/assets/small.js`, accept);
    expect({ status: small.status, encoding: small.headers['content-encoding'] }).toEqual({ status: 200, encoding: undefined });
    // The landing page is a page like the others (the shell, or the page drawn on the server), not the file.
    const landing = await raw(`${t.baseUrl}/`, accept);
    expect({ status: landing.status, encoding: landing.headers['content-encoding'] }).toEqual({ status: 200, encoding: 'br' });
  });

  it("should send the app shell and a contestant's profile page compressed as accepted, varying by Accept-Encoding", async () => {
    for (const [p, status] of [
      ['/leaderboard', 200],
      ['/no/such/page', 404],
      [`/profile/${people[2].username}`, 200],
      // Without the drawing module (this stand-in has none) the server cannot tell a profile of no one.
      ['/profile/no_such_person', 200],
    ] as const) {
      const plain = await raw(`${t.baseUrl}${p}`);
      expect({ p, status: plain.status, encoding: plain.headers['content-encoding'], html: plain.body.toString('utf8') }).toEqual({
        p,
        status,
        encoding: undefined,
        html: expect.stringContaining('<div id="root">'),
      });
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br, zstd', 'br'],
      ] as const) {
        const answer = await raw(`${t.baseUrl}${p}`, { 'accept-encoding': accept });
        expect({ p, accept, encoding: answer.headers['content-encoding'], vary: answer.headers.vary, type: answer.headers['content-type'] }).toEqual({
          p,
          accept,
          encoding,
          vary: expect.stringMatching(/accept-encoding/i),
          type: 'text/html; charset=utf-8',
        });
        expect(decode(answer).equals(plain.body)).toBe(true);
      }
      // HEAD: no body, and the length of whichever form its headers name.
      const head = await raw(`${t.baseUrl}${p}`, { 'accept-encoding': 'br' }, 'HEAD');
      const sent = head.headers['content-encoding'] === 'br' ? await raw(`${t.baseUrl}${p}`, { 'accept-encoding': 'br' }) : plain;
      expect({ p, status: head.status, body: head.body.length, length: Number(head.headers['content-length']) }).toEqual({
        p,
        status,
        body: 0,
        length: sent.body.length,
      });
    }
  });
});
