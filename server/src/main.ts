import 'reflect-metadata';
import { writeFile } from 'node:fs/promises';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import { AppModule } from './app.module.js';
import { ConfigError, loadConfig } from './config/config.js';
import { createHttpApp } from './infra/http/create-app.js';
import { backfillPictureVariants } from './common/pictures/variant-backfill.js';
import { createPino, PinoNestLogger } from './infra/http/logger.js';
import { FileStorage } from './infra/storage/storage.js';
import { openDatabase, resolveJwtSecret, resolveVoterHashKey } from './runtime.js';
import { runSeeds } from './seed/seed.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const p of err.problems) console.error(`config error: ${p}`);
      process.exit(2);
    }
    throw err;
  }
  const log = createPino(config.LOG_LEVEL);
  config.JWT_SECRET = await resolveJwtSecret(config);
  config.VOTER_HASH_KEY = await resolveVoterHashKey(config);
  const db = await openDatabase(config, log);

  let app: INestApplicationContext;
  if (config.runsHttp) {
    const http = await createHttpApp(config, db.url, log);
    await http.init();
    await runSeeds(http, config, log);
    // Before listening, so every picture served already has its smaller copies (decision 018).
    await backfillPictureVariants(http.get(FileStorage), log);
    await http.listen({ port: config.PORT, host: config.HOST });
    app = http;
    const shown = config.PUBLIC_URL ?? `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
    log.info({ url: shown, role: config.APP_ROLE, mode: config.scaled ? 'scaled' : 'one process' }, `${config.PRODUCT_NAME} is running`);
    console.log(`\n  ${config.PRODUCT_NAME} is running at ${shown}\n`);
  } else {
    app = await NestFactory.createApplicationContext(AppModule.forRoot(config, db.url), { logger: new PinoNestLogger(log) });
    await app.init();
    startHeartbeat(config.WORKER_HEARTBEAT_FILE);
    log.info({ role: 'worker' }, 'worker is running');
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    try {
      await app.close();
      await db.embedded?.stop();
    } finally {
      process.exit(0);
    }
  };
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** A worker serves no HTTP; its container health check reads how fresh this file is. */
function startHeartbeat(file: string): void {
  const beat = () => writeFile(file, new Date().toISOString()).catch(() => undefined);
  void beat();
  setInterval(beat, 10_000).unref();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
