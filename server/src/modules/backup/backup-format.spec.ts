import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { pack } from 'tar-stream';
import {
  checkColumns,
  entryLimit,
  loadOrder,
  migrationsToReach,
  parseManifest,
  RESTORE_LIMITS,
  RestoreRefused,
  tableOfPiece,
  tablePiece,
  type BackupManifest,
} from './backup-format.js';
import type { TableShape } from './backup.repository.js';
import { ArchiveFormatError, entryLines, formatBytes, readEntry, readTar, TarWriter, type TarLimits } from './tar.js';

const ANY_SIZE: TarLimits = { entry: () => Number.MAX_SAFE_INTEGER, total: Number.MAX_SAFE_INTEGER };

/** The bytes of a tar stream in small, odd-sized chunks, as a gunzip stream hands them over. */
async function* inChunks(bytes: Buffer, size = 77) {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** A tar whose one entry's header announces `size` bytes, of which only the first block follows. */
async function announcing(name: string, size: number): Promise<Buffer> {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on('data', (c) => chunks.push(c as Buffer));
  const entry = p.entry({ name, size });
  entry.write(Buffer.alloc(512));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return Buffer.concat(chunks);
}

const table = (name: string, references: string[] = []): TableShape => ({ name, columns: [{ name: 'id', type: 'integer' }], references });

async function roundTrip(entries: { name: string; data: Buffer }[], cut?: number) {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const tar = new TarWriter(stream);
  for (const e of entries) await tar.add(e.name, e.data);
  await tar.finish();
  const all = Buffer.concat(chunks);
  const bytes = cut === undefined ? all : all.subarray(0, cut);
  const read: { name: string; data: Buffer }[] = [];
  for await (const e of readTar(inChunks(bytes), ANY_SIZE)) read.push({ name: e.name, data: await readEntry(e, Number.MAX_SAFE_INTEGER) });
  return { size: all.length, read };
}

describe('tar', () => {
  it('should read back what it wrote, long names and empty files included, in 512-byte blocks', async () => {
    const entries = [
      { name: 'manifest.json', data: Buffer.from('{"a":1}') },
      { name: 'uploads/empty.webp', data: Buffer.alloc(0) },
      { name: `uploads/${'d'.repeat(90)}/${'f'.repeat(95)}.webp`, data: Buffer.alloc(1500, 7) },
      { name: 'tables/votes/000001.jsonl', data: Buffer.from('["é", null]\n') },
    ];
    const { size, read } = await roundTrip(entries);
    expect(read).toEqual(entries);
    expect(size % 512).toBe(0);
  });

  it('should say an archive cut inside an entry is damaged, and read the whole entries before a cut between them', async () => {
    const entries = [
      { name: 'a.txt', data: Buffer.alloc(2000, 1) },
      { name: 'b.txt', data: Buffer.alloc(10, 2) },
    ];
    await expect(roundTrip(entries, 1024)).rejects.toThrow(ArchiveFormatError);
    await expect(roundTrip(entries, 100)).rejects.toThrow(ArchiveFormatError);
    expect((await roundTrip(entries, 512 + 2048)).read).toEqual([entries[0]]);
  });

  it('should write every entry 0600 unless told otherwise', async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    const tar = new TarWriter(stream);
    await tar.add('tables/users/000001.jsonl', Buffer.from('["x"]\n'));
    await tar.finish();
    const modes: number[] = [];
    for await (const e of readTar(inChunks(Buffer.concat(chunks)), ANY_SIZE)) {
      modes.push(e.mode);
      await readEntry(e, 100);
    }
    expect(modes).toEqual([0o600]);
  });

  it('should refuse an entry from its header when it announces more than its kind may hold, without reading it', async () => {
    const big = 1.5 * 1000 ** 3;
    const bytes = await announcing('tables/users/000001.jsonl', big);
    const reading = (async () => {
      for await (const e of readTar(inChunks(bytes), { entry: entryLimit, total: RESTORE_LIMITS.total })) await readEntry(e, Number.MAX_SAFE_INTEGER);
    })();
    await expect(reading).rejects.toThrow(
      `archive entry tables/users/000001.jsonl holds 1.5 GB, more than the ${formatBytes(RESTORE_LIMITS.piece)} an entry of its kind may hold: not an archive this application wrote, or damaged`,
    );
    const limits: TarLimits = { entry: () => 1000, total: 1500 };
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    const tar = new TarWriter(stream);
    await tar.add('a', Buffer.alloc(800));
    await tar.add('b', Buffer.alloc(800));
    await tar.finish();
    const names: string[] = [];
    const total = (async () => {
      for await (const e of readTar(inChunks(Buffer.concat(chunks)), limits)) names.push(e.name);
    })();
    await expect(total).rejects.toThrow('the archive holds more than 1.5 kB: refused');
    expect(names).toEqual(['a']);
  });

  it('should give an entry line by line across chunks, refusing a line longer than allowed', async () => {
    const entry = (text: string) => ({ name: 'tables/t/000001.jsonl', mode: 0o600, size: text.length, body: inChunks(Buffer.from(text), 3) });
    const lines: string[] = [];
    for await (const line of entryLines(entry('["é"]\n\n[null,"a"]\n["last"]'), 20)) lines.push(line);
    expect(lines).toEqual(['["é"]', '[null,"a"]', '["last"]']);
    const long = (async () => {
      for await (const line of entryLines(entry(`["${'x'.repeat(40)}"]\n`), 20)) void line;
    })();
    await expect(long).rejects.toThrow('archive entry tables/t/000001.jsonl has a line longer than 20 bytes: damaged archive');
  });

  it('should allow each kind of entry its own size', () => {
    expect(entryLimit('manifest.json')).toBe(RESTORE_LIMITS.manifest);
    expect(entryLimit('secrets/jwt-secret')).toBe(RESTORE_LIMITS.secret);
    expect(entryLimit('tables/votes/000001.jsonl')).toBe(RESTORE_LIMITS.piece);
    expect(entryLimit('uploads/profiles/a.webp')).toBe(RESTORE_LIMITS.upload);
    expect(entryLimit('later/thing')).toBe(RESTORE_LIMITS.other);
  });
});

describe('backup format', () => {
  it('should name table pieces and find their table', () => {
    expect(tablePiece('votes', 12)).toBe('tables/votes/000012.jsonl');
    expect(tableOfPiece('tables/votes/000012.jsonl')).toBe('votes');
    expect(tableOfPiece('uploads/tables/x.jsonl')).toBeNull();
  });

  it('should put each table after the tables it references, and still take every table of a cycle', () => {
    const order = loadOrder([table('votes', ['contest_entries', 'users']), table('users'), table('contest_entries', ['users', 'contests']), table('contests')]);
    expect(order.map((t) => t.name)).toEqual(['contests', 'users', 'contest_entries', 'votes']);
    expect(loadOrder([table('a', ['b']), table('b', ['a'])]).map((t) => t.name)).toEqual(['a', 'b']);
  });

  it('should migrate to exactly the archive schema, refusing newer archives and targets', () => {
    const known = ['M1', 'M2', 'M3'];
    expect(migrationsToReach(['M1', 'M2'], known, [])).toBe(2);
    expect(migrationsToReach(['M1', 'M2'], known, ['M1'])).toBe(2);
    expect(() => migrationsToReach(['M1', 'M4'], known, [])).toThrow('migration M4, which this version does not know');
    expect(() => migrationsToReach(['M1'], known, ['M1', 'M2'])).toThrow(RestoreRefused);
  });

  it('should refuse a manifest that is not ours', () => {
    expect(() => parseManifest(Buffer.from('nope'))).toThrow('not JSON');
    expect(() => parseManifest(Buffer.from('{"format":"other"}'))).toThrow('not a backup archive of this application');
    expect(() => parseManifest(Buffer.from('{"format":"screamstage-backup","version":9}'))).toThrow('version 9');
  });

  it('should refuse a target whose columns differ from the archive', () => {
    const manifest = { tables: [{ name: 'users', columns: [{ name: 'id', type: 'integer' }] }] } as BackupManifest;
    expect(() => checkColumns(manifest, [table('users')])).not.toThrow();
    expect(() => checkColumns(manifest, [{ ...table('users'), columns: [{ name: 'id', type: 'bigint' }] }])).toThrow('differs');
    expect(() => checkColumns(manifest, [])).toThrow('does not exist');
  });
});
