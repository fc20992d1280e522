import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { OnJob } from '#server/infra/queue/job-handler.decorator.js';
import { JobQueue } from '#server/infra/queue/jobs.js';
import { SCHEDULED_BACKUP, type ScheduledBackupJob } from './backup-jobs.js';
import { archiveName } from './backup-names.js';
import { BackupService } from './backup.service.js';
import { pruneBackups, writeBackupArchive } from './backup-writer.js';

/**
 * With BACKUP_EVERY set, a backup per time slot (one job each, on the backups queue), written to
 * BACKUP_DIR like `npm run backup`'s and named for its slot, then all but the newest BACKUP_KEEP
 * archives deleted. Each job queues the next slot first, so a failed backup does not end the chain; a
 * process that runs jobs queues the next slot at start-up (the slot's job id keeps it to one). A job
 * run again finds its slot's archive and writes none.
 */
@Injectable()
export class ScheduledBackups implements OnApplicationBootstrap {
  private readonly logger = new Logger('Backups');

  constructor(
    private readonly backups: BackupService,
    private readonly queue: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Queues the backup of the slot after `now` (a no-op when it is queued already). */
  scheduleNext(now = Date.now()): Promise<void> {
    const every = (this.config.backupEverySeconds ?? 0) * 1000;
    const slot = Math.floor(now / every) * every + every;
    return this.queue.add(SCHEDULED_BACKUP, { slot }, { jobId: `scheduled-backup:${slot}`, runAt: new Date(slot) });
  }

  @OnJob(SCHEDULED_BACKUP)
  async handle({ slot }: ScheduledBackupJob): Promise<void> {
    // Scheduled backups turned off since this job was queued: it ends the chain.
    if (!this.config.backupEverySeconds) return;
    // After this job's own slot even when this clock is behind the queue's: the chain never stops on itself.
    await this.scheduleNext(Math.max(Date.now(), slot + 1));
    const { backupDir, PRODUCT_NAME: product } = this.config;
    const file = path.join(backupDir, archiveName(product, new Date(slot)));
    if (!existsSync(file)) {
      await mkdir(backupDir, { recursive: true });
      const started = Date.now();
      const summary = await writeBackupArchive(this.backups, file, { product, dataDir: this.config.dataDir, uploadDir: this.config.uploadDir });
      this.logger.log(`Backup written: ${file} (${summary.rows} rows, ${summary.uploads} uploaded files, ${Date.now() - started} ms)`);
    }
    const pruned = await pruneBackups(backupDir, product, this.config.BACKUP_KEEP);
    if (pruned.length) this.logger.log(`Old backups deleted: ${pruned.join(', ')}`);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runsWorkers || !this.config.backupEverySeconds) return;
    try {
      await this.scheduleNext();
    } catch (err) {
      this.logger.warn(`Could not queue the next scheduled backup: ${(err as Error).message}`);
    }
  }
}
