// End-to-end: the built app exactly as `npm start` runs it (embedded PostgreSQL included), on free
// ports and a throw-away data folder, for a real Chromium to drive.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
// @ts-expect-error TS2835: Jest loads global setup through CommonJS, which finds the .ts file only without an extension
import { freePorts } from '../helpers/free-port';
// @ts-expect-error TS2835: Jest loads global setup through CommonJS, which finds the .ts file only without an extension
import { waitForHealth } from '../helpers/process';

export default async function globalSetup(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'screamstage-e2e-'));
  await chmod(dataDir, 0o755);
  // Distinct: two separate picks can return the same port, which the app and its database then both want.
  const [port, pgPort]: number[] = await freePorts(2);
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/src/main.js'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'false',
      SEED_ADMIN_USERNAME: 'e2e_admin',
      SEED_ADMIN_EMAIL: 'e2e-admin@example.test',
      SEED_ADMIN_PASSWORD: 'e2e-admin-password',
      LOG_LEVEL: 'warn',
      // The browser tests register many accounts and buy many vote packages from one address.
      REGISTRATIONS_PER_HOUR: '100000',
      PAYMENT_CHECKOUTS_PER_HOUR: '100000',
      TEST_PAYMENTS_PER_HOUR: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  // Ready: every server process of the start (several by default, decision 043) takes traffic.
  await waitForHealth(`${baseUrl}/api/v1/health/ready`, child, () => out, 120_000);
  (globalThis as Record<string, unknown>).__E2E_SERVER__ = { child, dataDir, output: () => out };
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
}
