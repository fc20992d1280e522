// Reads the development outbox (DATA_DIR/mail/*.eml) the way a user reads their inbox.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable soft line breaks and escapes, enough to read links. */
const decodeQuotedPrintable = (s: string): string =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function waitForLink(to: string, pathPart: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const until = Date.now() + timeoutMs;
  const wanted = to.toLowerCase().replace(/[^a-z0-9@._-]/g, '_');
  while (Date.now() < until) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml') && f.toLowerCase().includes(wanted)).sort();
    for (const f of files.reverse()) {
      const text = decodeQuotedPrintable(await readFile(path.join(dir, f), 'utf8'));
      const link = text.match(new RegExp(`https?://[^\\s"<>]*${pathPart}\\?token=[A-Za-z0-9_-]+`))?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a ${pathPart} link within ${timeoutMs} ms`);
}

/** The newest e-mail to `to` whose decoded text (headers included) contains `needle`. */
export async function waitForMail(to: string, needle: string, timeoutMs = 15_000): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mail');
  const until = Date.now() + timeoutMs;
  const wanted = to.toLowerCase().replace(/[^a-z0-9@._-]/g, '_');
  while (Date.now() < until) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml') && f.toLowerCase().endsWith(`-${wanted}.eml`)).sort();
    for (const f of files.reverse()) {
      const text = decodeQuotedPrintable(await readFile(path.join(dir, f), 'utf8'));
      if (text.includes(needle)) return text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} containing "${needle}" within ${timeoutMs} ms`);
}
