import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
// @ts-expect-error TS2835: Jest loads global setup through CommonJS, which finds the .ts file only without an extension
import { stopProcess } from '../helpers/process';

export default async function globalTeardown(): Promise<void> {
  const server = (globalThis as Record<string, unknown>).__E2E_SERVER__ as { child: ChildProcess; dataDir: string; output: () => string } | undefined;
  if (!server) return;
  await stopProcess(server.child);
  if (process.env.E2E_KEEP_DATA !== '1') await rm(server.dataDir, { recursive: true, force: true });
}
