import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
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

describe('the sender', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'outbox-from-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const sentFrom = async (mailFrom: string, fromName?: string) => {
    const dir = path.join(root, String(Math.random()).slice(2));
    await new OutboxMailer(dir, mailFrom).send({ to: 'ann@example.com', subject: 'Hi', text: 'x', html: '<p>x</p>', fromName });
    const [name] = await readdir(dir);
    return /^From: (.*)$/m.exec(await readFile(path.join(dir, name), 'utf8'))?.[1];
  };

  it("should send as the site's sender name at MAIL_FROM's address", async () => {
    expect(await sentFrom('ScreamStage <no-reply@screamstage.local>', 'Fright Night')).toBe('Fright Night <no-reply@screamstage.local>');
    expect(await sentFrom('no-reply@screamstage.local', 'Fright, Night')).toBe('"Fright, Night" <no-reply@screamstage.local>');
  });

  it('should send as MAIL_FROM is written without a name', async () => {
    expect(await sentFrom('ScreamStage <no-reply@screamstage.local>')).toBe('ScreamStage <no-reply@screamstage.local>');
  });
});
