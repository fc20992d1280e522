// The archive's tar layer, on tar-stream: regular files written and read in order (POSIX ustar, so
// `tar -tzf` and `tar -xzf` open our archives too). Entries are read as streams, never held whole.
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract, pack, type Pack } from 'tar-stream';

export interface TarEntry {
  name: string;
  mode: number;
  /** Bytes, as the entry's header states them (tar-stream hands over exactly these). */
  size: number;
  /** The entry's bytes as they arrive: read them through before asking for the next entry (what is left is skipped). */
  body: AsyncIterable<Buffer>;
}

export class ArchiveFormatError extends Error {}

/** The most an entry and a whole archive may hold, checked from the headers before any byte of an entry is read. */
export interface TarLimits {
  /** The most bytes the entry of this name may hold. */
  entry(name: string): number;
  /** The most bytes all entries together may hold. */
  total: number;
}

/** Sizes as people read them: 1.5 GB, 64 MB, 12 kB. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}

/** Every byte of `entry`, refused beyond `max` (a body longer than its header said cannot happen with tar-stream; this is a second guard). */
export async function readEntry(entry: TarEntry, max: number): Promise<Buffer> {
  if (entry.size > max)
    throw new ArchiveFormatError(`archive entry ${entry.name} holds ${formatBytes(entry.size)}, more than the ${formatBytes(max)} it may hold`);
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of entry.body) {
    length += chunk.length;
    if (length > max) throw new ArchiveFormatError(`archive entry ${entry.name} holds more than the ${formatBytes(max)} it may hold`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, length);
}

/**
 * The lines of an entry (without their line ends, empty ones skipped), each at most `maxLine` bytes,
 * with only the line being read held in memory.
 */
export async function* entryLines(entry: TarEntry, maxLine: number): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  let pendingLength = 0;
  const tooLong = () => new ArchiveFormatError(`archive entry ${entry.name} has a line longer than ${formatBytes(maxLine)}: damaged archive`);
  for await (const chunk of entry.body) {
    let start = 0;
    for (let end = chunk.indexOf(10, start); end !== -1; end = chunk.indexOf(10, start)) {
      const part = chunk.subarray(start, end);
      if (pendingLength + part.length > maxLine) throw tooLong();
      const line = pendingLength ? Buffer.concat([...pending, part]).toString('utf8') : part.toString('utf8');
      pending = [];
      pendingLength = 0;
      start = end + 1;
      if (line.length) yield line;
    }
    if (start < chunk.length) {
      pendingLength += chunk.length - start;
      if (pendingLength > maxLine) throw tooLong();
      pending.push(chunk.subarray(start));
    }
  }
  if (pendingLength) yield Buffer.concat(pending).toString('utf8');
}

/** Writes entries one after the other to `out`, waiting whenever `out` asks to. */
export class TarWriter {
  private readonly pack: Pack = pack();

  constructor(out: Writable) {
    this.pack.pipe(out);
  }

  /** 0600 by default: an archive holds account data, and `tar -xzf` keeps each entry's mode. */
  async add(name: string, data: Buffer, mode = 0o600, mtime = new Date()): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.pack.entry({ name, size: data.length, mode, mtime }, data, (err) => (err ? reject(err) : resolve()));
    });
  }

  /** The end-of-archive marker; resolves once `out` has taken everything (and is ended). */
  async finish(): Promise<void> {
    const ended = once(this.pack, 'end');
    this.pack.finalize();
    await ended;
  }
}

/** An archive's failures in our words: zlib's (with their Z_ code) and our own as they are, any other as a damaged archive. */
function archiveError(err: unknown): unknown {
  if (err instanceof ArchiveFormatError || typeof (err as { code?: unknown }).code === 'string') return err;
  return new ArchiveFormatError(`damaged archive: ${(err as Error).message}`);
}

async function* asArchiveErrors(body: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* body;
  } catch (err) {
    throw archiveError(err);
  }
}

/**
 * The regular files of a tar stream, in order; anything else (folders, links) is skipped. Each entry's
 * size is checked against `limits` from its header, before its bytes are read: an archive announcing an
 * oversized entry is refused without inflating it. A stream cut inside an entry is an
 * ArchiveFormatError; one cut between entries reads as shorter, which is why an archive ends with an
 * entry of its own that the restore requires.
 */
export async function* readTar(source: AsyncIterable<Buffer>, limits: TarLimits): AsyncGenerator<TarEntry> {
  const reader = extract();
  // A failing source (a gzip error) fails the reader, and so the loop below, with its own error.
  const fed = pipeline(Readable.from(source), reader).catch(() => undefined);
  let total = 0;
  try {
    for await (const entry of reader) {
      const { name, size = 0, type, mode } = entry.header;
      if (type === 'file') {
        const max = limits.entry(name);
        if (size > max) {
          throw new ArchiveFormatError(
            `archive entry ${name} holds ${formatBytes(size)}, more than the ${formatBytes(max)} an entry of its kind may hold: not an archive this application wrote, or damaged`,
          );
        }
        total += size;
        if (total > limits.total) throw new ArchiveFormatError(`the archive holds more than ${formatBytes(limits.total)}: refused`);
        yield { name, size, mode: mode ?? 0o644, body: asArchiveErrors(entry as AsyncIterable<Buffer>) };
      }
      // Whatever the reader left of the entry (all of it for a folder or a link) is skipped.
      for await (const chunk of entry) void chunk;
    }
  } catch (err) {
    throw archiveError(err);
  } finally {
    reader.destroy();
    await fed;
  }
}
