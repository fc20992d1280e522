// The smallest part of the POSIX ustar format a backup needs: regular files only, written and read in
// order, so `tar -tzf` and `tar -xzf` open our archives too. No tar library is a direct dependency.
import { once } from 'node:events';
import type { Writable } from 'node:stream';

const BLOCK = 512;
// Names up to 100 bytes fit the name field; longer ones are split at a '/' into prefix (155) and name.
const NAME_MAX = 100;
const PREFIX_MAX = 155;
// An entry's size is 11 octal digits: below 8 GiB (a table is cut into pieces far smaller).
const SIZE_MAX = 8 ** 11 - 1;

export interface TarEntry {
  name: string;
  data: Buffer;
  mode: number;
}

export class ArchiveFormatError extends Error {}

/** Writes entries one after the other to `out`, waiting whenever `out` asks to. */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  async add(name: string, data: Buffer, mode = 0o644, mtime = new Date()): Promise<void> {
    if (data.length > SIZE_MAX) throw new Error(`${name}: too large for one archive entry`);
    await this.write(header(name, data.length, mode, mtime));
    await this.write(data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) await this.write(Buffer.alloc(pad));
  }

  /** The end-of-archive marker: two zero blocks. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(2 * BLOCK));
    this.out.end();
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}

function header(name: string, size: number, mode: number, mtime: Date): Buffer {
  const { prefix, base } = splitName(name);
  const h = Buffer.alloc(BLOCK);
  h.write(base, 0, NAME_MAX, 'utf8');
  octal(h, 100, 8, mode & 0o7777);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  octal(h, 124, 12, size);
  octal(h, 136, 12, Math.floor(mtime.getTime() / 1000));
  h.write('        ', 148, 8, 'ascii');
  h.write('0', 156, 1, 'ascii');
  h.write('ustar\u000000', 257, 8, 'ascii');
  h.write(prefix, 345, PREFIX_MAX, 'utf8');
  octal(h, 148, 7, checksum(h));
  return h;
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= NAME_MAX) return { prefix: '', base: name };
  for (let i = name.indexOf('/'); i >= 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= PREFIX_MAX && Buffer.byteLength(base) <= NAME_MAX) return { prefix, base };
  }
  throw new Error(`${name}: name too long for the archive`);
}

/** `width - 1` octal digits and a NUL, as ustar writes numbers. */
function octal(h: Buffer, at: number, width: number, value: number): void {
  h.write(value.toString(8).padStart(width - 1, '0') + '\u0000', at, width, 'ascii');
}

/** The sum of the header's bytes, its own field counted as eight spaces. */
function checksum(h: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : h[i];
  return sum;
}

const field = (h: Buffer, at: number, width: number) => {
  const raw = h.subarray(at, at + width);
  const end = raw.indexOf(0);
  return raw.subarray(0, end < 0 ? width : end).toString('utf8');
};
const number = (h: Buffer, at: number, width: number) => parseInt(field(h, at, width).trim() || '0', 8);

/** The regular files of a tar stream, in order; anything else (folders, links) is skipped. */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const input = new Chunks(source);
  for (;;) {
    const h = await input.take(BLOCK);
    if (!h) throw new ArchiveFormatError('the archive ends without its end marker (cut short?)');
    if (h.every((b) => b === 0)) return;
    if (number(h, 148, 8) !== checksum(h)) throw new ArchiveFormatError('damaged archive: a header checksum does not match');
    const size = number(h, 124, 12);
    const prefix = field(h, 345, PREFIX_MAX);
    const name = prefix ? `${prefix}/${field(h, 0, NAME_MAX)}` : field(h, 0, NAME_MAX);
    const data = await input.take(size);
    if (!data) throw new ArchiveFormatError(`the archive ends inside ${name} (cut short?)`);
    const pad = (BLOCK - (size % BLOCK)) % BLOCK;
    if (pad && !(await input.take(pad))) throw new ArchiveFormatError(`the archive ends inside ${name} (cut short?)`);
    const type = String.fromCharCode(h[156]);
    if (type === '0' || type === '\u0000') yield { name, data, mode: number(h, 100, 8) };
  }
}

/** Exactly n bytes at a time from a stream of chunks of any size (null at its end). */
class Chunks {
  private readonly it: AsyncIterator<Buffer>;
  private held: Buffer[] = [];
  private length = 0;

  constructor(source: AsyncIterable<Buffer>) {
    this.it = source[Symbol.asyncIterator]();
  }

  async take(n: number): Promise<Buffer | null> {
    while (this.length < n) {
      const next = await this.it.next();
      if (next.done) return null;
      this.held.push(next.value);
      this.length += next.value.length;
    }
    const all = this.held.length === 1 ? this.held[0] : Buffer.concat(this.held, this.length);
    const rest = all.subarray(n);
    this.held = rest.length ? [rest] : [];
    this.length = rest.length;
    return all.subarray(0, n);
  }
}
