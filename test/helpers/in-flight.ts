// A request held in progress: its headers and most of its body are sent, the last bytes only when
// the test says. That puts a request on the server at a chosen moment (a signal, a database dying)
// without timing guesses.
import http from 'node:http';

export interface HeldRequest {
  /** Sends the rest of the body; the answer. Rejects when the connection breaks instead. */
  finish(): Promise<{ status: number; body: Record<string, unknown> }>;
}

export function holdRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body: Buffer; from?: string; heldBytes?: number },
): HeldRequest {
  const target = new URL(url);
  const held = options.heldBytes ?? 1;
  const req = http.request({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: options.method ?? 'POST',
    localAddress: options.from,
    agent: false,
    headers: { ...options.headers, 'content-length': String(options.body.length) },
  });
  const answer = new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // Not unhandled while the test waits: finish() hands the outcome over.
  answer.catch(() => undefined);
  req.write(options.body.subarray(0, options.body.length - held));
  return {
    finish: () => {
      req.end(options.body.subarray(options.body.length - held));
      return answer;
    },
  };
}

/** A multipart form as the bytes fetch would send, and its content type (with the boundary). */
export async function formBytes(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type')! };
}
