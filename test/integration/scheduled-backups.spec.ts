// Scheduled backups (BACKUP_EVERY, BACKUP_KEEP) in one process: an archive per slot, written whole and
// named for its slot, the oldest archives deleted down to BACKUP_KEEP (other files left alone), the next
// slot queued; and `npm run backup -- --keep N` pruning the same way.
import { execFile } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../helpers/source-address.js';
import { createTestDataDir, startTestServer, type TestServer } from '../helpers/test-app.js';

const run = promisify(execFile);
const ARCHIVE = /^screamstage-backup-\d{8}T\d{6}Z\.tar\.gz$/;
const OLD = ['screamstage-backup-20200101T000000Z.tar.gz', 'screamstage-backup-20200102T000000Z.tar.gz', 'screamstage-backup-20200103T000000Z.tar.gz'];

describe('scheduled backups', () => {
  let t: TestServer;
  let backupDir: string;
  const archives = async () => (await readdir(backupDir)).filter((name) => ARCHIVE.test(name)).sort();

  beforeAll(async () => {
    backupDir = path.join(await createTestDataDir(), 'archives');
    await mkdir(backupDir, { recursive: true });
    for (const name of OLD) await writeFile(path.join(backupDir, name), 'an older archive');
    await writeFile(path.join(backupDir, 'notes.txt'), 'not an archive: never deleted');
    t = await startTestServer({ BACKUP_DIR: backupDir, BACKUP_EVERY: '10s', BACKUP_KEEP: '2' });
  }, 60_000);
  afterAll(async () => {
    await t.stop();
  });

  it('should write one archive per slot, named for it, and keep only the newest BACKUP_KEEP', async () => {
    // The archive is renamed into place before the old ones are pruned: wait for both steps.
    const names = await eventually(
      'the first scheduled backup, then the prune',
      archives,
      (list) => list.some((name) => !OLD.includes(name)) && !list.includes(OLD[0]) && !list.includes(OLD[1]),
      30_000,
    );
    const made = names.filter((name) => !OLD.includes(name));
    expect(made).toHaveLength(1);
    // Named for its slot: a whole multiple of 10 s.
    expect(made[0]).toMatch(/0Z\.tar\.gz$/);
    expect(names).toEqual([OLD[2], made[0]]);
    expect((await readdir(backupDir)).filter((name) => !ARCHIVE.test(name))).toEqual(['notes.txt']);

    const { stdout } = await run('tar', ['-tzf', path.join(backupDir, made[0])]);
    expect(stdout.split('\n')).toEqual(expect.arrayContaining(['manifest.json', 'end.json']));
    // The next slot is queued, and its backup takes the place of the oldest archive.
    const { rows } = await t.db.pool.query(`SELECT run_at FROM jobs WHERE name = 'scheduled-backup' AND run_at > now()`);
    expect(rows).toHaveLength(1);
    const next = await eventually("the next slot's backup", archives, (list) => !list.includes(OLD[2]), 30_000);
    expect(next).toEqual([made[0], expect.stringMatching(ARCHIVE)]);
    expect(next[1] > made[0]).toBe(true);
  }, 60_000);

  it('should prune the same way from the terminal with --keep', async () => {
    // A folder of its own, apart from the scheduled backups that keep coming.
    const dir = path.join(await createTestDataDir(), 'manual');
    await mkdir(dir, { recursive: true });
    for (const name of OLD) await writeFile(path.join(dir, name), 'an older archive');
    const env = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', DATABASE_URL: t.db.url, DATA_DIR: t.dataDir, BACKUP_DIR: dir };
    const cli = path.resolve('dist/server/src/cli/backup.js');
    const { stdout } = await run(process.execPath, [cli, '--keep', '2'], { env, timeout: 60_000 });
    expect(stdout).toMatch(/^Backup written: /);
    expect(stdout).toContain(`Kept the newest 2 archives; deleted ${OLD[0]}, ${OLD[1]}`);
    const left = (await readdir(dir)).sort();
    expect(left).toEqual([OLD[2], expect.stringMatching(ARCHIVE)]);
    expect(stdout).toContain(path.join(dir, left[1]));
    await expect(run(process.execPath, [cli, '--keep', '0'], { env })).rejects.toMatchObject({ code: 2 });
  }, 90_000);
});
