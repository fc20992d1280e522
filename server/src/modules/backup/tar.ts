// The archive's tar layer, on tar-stream: regular files written and read in order (POSIX ustar, so
// `tar -tzf` and `tar -xzf` open our archives too).
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract, pack, type Pack } from 'tar-stream';

export interface TarEntry {
  name: string;
  data: Buffer;
  mode: number;
}

export class ArchiveFormatError extends Error {}

/** Writes entries one after the other to `out`, waiting whenever `out` asks to. */
export class TarWriter {
  private readonly pack: Pack = pack();

  constructor(out: Writable) {
    this.pack.pipe(out);
  }

  async add(name: string, data: Buffer, mode = 0o644, mtime = new Date()): Promise<void> {
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

/**
 * The regular files of a tar stream, in order; anything else (folders, links) is skipped. A stream cut
 * inside an entry is an ArchiveFormatError; one cut between entries reads as shorter, which is why an
 * archive ends with an entry of its own that the restore requires.
 */
export async function* readTar(source: AsyncIterable<Buffer>): AsyncGenerator<TarEntry> {
  const reader = extract();
  // A failing source (a gzip error) fails the reader, and so the loop below, with its own error.
  const fed = pipeline(Readable.from(source), reader).catch(() => undefined);
  try {
    for await (const entry of reader) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      if (entry.header.type === 'file') yield { name: entry.header.name, data: Buffer.concat(chunks), mode: entry.header.mode ?? 0o644 };
    }
  } catch (err) {
    // zlib's errors (with their Z_ code) stay as they are: the caller names them.
    if (typeof (err as { code?: unknown }).code === 'string') throw err;
    throw new ArchiveFormatError(`damaged archive: ${(err as Error).message}`);
  } finally {
    reader.destroy();
    await fed;
  }
}
