import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import { checkColumns, loadOrder, migrationsToReach, parseManifest, RestoreRefused, tableOfPiece, tablePiece, type BackupManifest } from './backup-format.js';
import type { TableShape } from './backup.repository.js';
import { ArchiveFormatError, readTar, TarWriter } from './tar.js';

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
  // Read back in small, odd-sized chunks, as a gunzip stream hands them over.
  async function* pieces() {
    for (let i = 0; i < bytes.length; i += 77) yield bytes.subarray(i, i + 77);
  }
  const read: { name: string; data: Buffer }[] = [];
  for await (const e of readTar(pieces())) read.push({ name: e.name, data: e.data });
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
