import type { FastifyReply } from 'fastify';

export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to send a client given its Accept-Encoding: the one it weighs highest of Brotli and gzip
 * (Brotli on a tie, being smaller), none when it accepts neither (RFC 9110 §12.5.3; `*` stands for
 * any coding it did not name, `x-gzip` for gzip).
 */
export function preferredEncoding(header: string | undefined): ContentCoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** Adds accept-encoding to Vary, beside what is there (CORS may have put Origin). */
export function varyByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) void reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding')) void reply.header('vary', `${String(vary)}, accept-encoding`);
}
