// Distinct voters are distinct client addresses: each request can leave from its own loopback
// source address (Linux routes all of 127.0.0.0/8 to lo). Never a forwarded header: the server
// must not believe one unless TRUST_PROXY names the proxy.
import http from 'node:http';

/** The i-th address (i from 0) of a block: 127.<block>.<x>.<y>, skipping .0, .1 and .255 endings. */
export function loopbackAddress(i: number, block = 1): string {
  const perOctet = 253;
  return `127.${block}.${Math.floor(i / perOctet) % 256}.${2 + (i % perOctet)}`;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** One request from `from` (a loopback address), optionally signed in and with a JSON body; the JSON answer. */
export function requestFrom(
  url: string,
  method: string,
  options: { from?: string; token?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const target = new URL(url);
  const payload = options.body === undefined ? '' : JSON.stringify(options.body);
  const headers: Record<string, string | number> = {
    'content-length': Buffer.byteLength(payload),
    ...(payload ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method, localAddress: options.from ?? '127.0.0.1', agent, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Polls `read` until `done` holds for its value; answers that value. */
export async function eventually<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
