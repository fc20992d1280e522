// A tiny fake network for component tests: answers by "METHOD /path" and records every call.
export interface FakeReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Responder = FakeReply | ((call: RecordedCall) => FakeReply | Promise<FakeReply>);

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  init: RequestInit;
}

export function fakeFetch(routes: Record<string, Responder>) {
  const calls: RecordedCall[] = [];
  const fetchImpl = async (input: string, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = input.split('?')[0];
    const call = { method, url: input, path, init };
    calls.push(call);
    const responder = routes[`${method} ${path}`];
    const reply = typeof responder === 'function' ? await responder(call) : (responder ?? { status: 404, body: { detail: 'Not Found' } });
    const status = reply.status ?? 200;
    const headers = Object.fromEntries(Object.entries(reply.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
    return {
      status,
      ok: status >= 200 && status < 300,
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      text: async () => (reply.body === undefined ? '' : JSON.stringify(reply.body)),
    };
  };
  globalThis.fetch = fetchImpl as unknown as typeof fetch;
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export function removeFakeFetch() {
  delete (globalThis as { fetch?: unknown }).fetch;
}
