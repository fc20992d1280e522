import 'reflect-metadata';
import cluster from 'node:cluster';
import { writeFile } from 'node:fs/promises';
import { NestFactory } from '@nestjs/core';
import type { INestApplicationContext } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import path from 'node:path';
import { AppModule } from './app.module.js';
import { ConfigError, loadConfig } from './config/config.js';
import { closeHttpApp, createHttpApp } from './infra/http/create-app.js';
import { configureSharp } from './common/pictures/picture-limits.js';
import { backfillPictureVariants } from './common/pictures/variant-backfill.js';
import { chooseLogFormat, createPino, PinoNestLogger } from './infra/http/logger.js';
import { Readiness } from './infra/http/readiness.js';
import { Metrics, startMetricsServer } from './infra/metrics/metrics.js';
import { FileStorage } from './infra/storage/storage.js';
import { clusterLink } from './infra/cluster/cluster-ipc.js';
import { DATABASE_ENV, runPrimary, WORKER_ENV } from './cluster-primary.js';
import { openFilesLimit, openFilesWarning } from './open-files.js';
import { openDatabase, resolveJwtSecret, resolveVoterHashKey, type Database } from './runtime.js';
import { runSeeds } from './seed/seed.js';

/** How long requests in progress may take to finish once a stop begins; then their connections are cut. */
const REQUEST_GRACE_MS = 10_000;
/** Past this, the process exits whatever is still closing (the embedded database stops with it, decision 019). */
const STOP_LIMIT_MS = 25_000;

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
  const log = createPino(config.LOG_LEVEL, chooseLogFormat(config.LOG_FORMAT, Boolean(process.stdout.isTTY)));
  // A worker of a clustered start (decision 043): the primary made the secrets, migrated the database
  // and holds it; worker 1 alone runs the jobs.
  const worker = cluster.isWorker ? Number(process.env[WORKER_ENV]) : null;
  if (worker === null) {
    const tooFew = openFilesWarning(openFilesLimit(), config.LIVE_AUDIENCE, config.runsHttp ? config.webConcurrency : 1);
    if (tooFew) log.warn(tooFew);
  } else {
    config.clusterWorker = worker;
    config.runsWorkers &&= worker === 1;
  }
  configureSharp();
  config.JWT_SECRET = await resolveJwtSecret(config);
  config.VOTER_HASH_KEY = await resolveVoterHashKey(config);
  const db: Database = worker === null ? await openDatabase(config, log) : { url: process.env[DATABASE_ENV] ?? '', embedded: null };
  if (worker === null && config.runsHttp && config.webConcurrency > 1) {
    runPrimary(config, db, log, STOP_LIMIT_MS);
    return;
  }

  let app: INestApplicationContext | null = null;
  let http: NestFastifyApplication | null = null;
  // Handlers before the app is built: a Ctrl-C while it starts also stops the database cleanly.
  let stopping = false;
  let exitCode = 0;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down');
    setTimeout(() => {
      log.error(`still stopping after ${STOP_LIMIT_MS / 1000} s: exiting now`);
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    try {
      // Not ready from the first moment; with SHUTDOWN_DELAY_MS, still serving meanwhile, so a load
      // balancer that probes /health/ready moves traffic away before any connection closes.
      if (http) http.get(Readiness).draining = true;
      if (http && config.SHUTDOWN_DELAY_MS) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
      // The order matters: HTTP first, so the requests in progress still have the queue and the
      // database; then the app (the queue drains, pools close); the embedded database last.
      if (http && !(await closeHttpApp(http, REQUEST_GRACE_MS))) log.warn(`requests still running after ${REQUEST_GRACE_MS / 1000} s were cut`);
      await app?.close();
    } catch (err) {
      log.error({ err }, 'error while shutting down');
      exitCode ||= 1;
    } finally {
      await db.embedded?.stop();
      process.exit(exitCode);
    }
  };
  // npm forwards the terminal's Ctrl-C to this process, which also gets it from the terminal: one stop.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // A worker whose primary is gone (killed) has no database holder and no port of its own: it stops.
  if (worker !== null) process.once('disconnect', () => void stop('cluster primary gone'));
  // The embedded database was killed or crashed under us: answer 503 to what is in progress, then exit
  // for whoever supervises the app (a terminal, systemd, docker) to see it and start it again.
  db.embedded?.onLost((how) => {
    const where = path.join(config.dataDir, 'postgres');
    console.error(
      `\n  The embedded PostgreSQL (${where}) ${how}. ${config.PRODUCT_NAME} is stopping.\n` +
        `  Start it again with npm start: the data is kept, and PostgreSQL recovers it on start.\n`,
    );
    log.fatal({ how }, 'the embedded PostgreSQL stopped unexpectedly');
    exitCode = 1;
    void stop('embedded PostgreSQL lost');
  });

  if (config.runsHttp) {
    http = await createHttpApp(config, db.url, log);
    app = http;
    await http.init();
    // In a clustered start worker 1 seeds and makes the pictures' copies, before the others start.
    if (worker === null || worker === 1) {
      await runSeeds(http, config, log);
      // Before listening, so every picture served already has its smaller copies (decision 018).
      await backfillPictureVariants(http.get(FileStorage), log);
    }
    if (stopping) return;
    await http.listen({ port: config.PORT, host: config.HOST });
    const link = clusterLink();
    if (link) {
      // The primary says when the whole is running.
      link.notify({ kind: 'ready' });
      log.info({ worker, jobs: config.runsWorkers }, `server process ${worker} is running`);
    } else {
      // The address the site calls itself (PUBLIC_URL, else where it listens): the one its links and return addresses use.
      const shown = config.publicUrl;
      log.info({ url: shown, role: config.APP_ROLE, mode: config.scaled ? 'scaled' : 'one process' }, `${config.PRODUCT_NAME} is running`);
      console.log(`\n  ${config.PRODUCT_NAME} is running at ${shown}\n`);
    }
  } else {
    const worker = await NestFactory.createApplicationContext(AppModule.forRoot(config, db.url), { logger: new PinoNestLogger(log) });
    app = worker;
    await worker.init();
    startHeartbeat(config.WORKER_HEARTBEAT_FILE);
    if (config.METRICS_PORT) {
      await startMetricsServer(worker.get(Metrics), config, config.HOST, config.METRICS_PORT);
      log.info({ port: config.METRICS_PORT }, 'worker metrics served at /metrics');
    }
    log.info({ role: 'worker' }, 'worker is running');
  }
}

/** A worker serves no HTTP; its container health check reads how fresh this file is. */
function startHeartbeat(file: string): void {
  // A beat that fails to write leaves the file stale, which is the health check's to judge.
  const beat = () => {
    writeFile(file, new Date().toISOString()).catch(() => undefined);
  };
  beat();
  setInterval(beat, 10_000).unref();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
