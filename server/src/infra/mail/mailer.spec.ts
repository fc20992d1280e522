import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OutboxMailer } from './mailer.js';

describe(OutboxMailer.name, () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'outbox-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('should write each e-mail readable by the server user only (0600), in a folder only it can enter', async () => {
    const dir = path.join(root, 'mail');
    const mailer = new OutboxMailer(dir, 'ScreamStage <no-reply@screamstage.local>');
    await mailer.send({ to: 'ann@example.com', subject: 'Reset', text: 'http://localhost/reset-password?token=secret', html: '<p>x</p>' });
    const names = await readdir(dir);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/-ann@example\.com\.eml$/);
    expect((await stat(path.join(dir, names[0]))).mode & 0o777).toBe(0o600);
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });
});
