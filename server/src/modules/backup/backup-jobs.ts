import { defineJob, defineQueue } from '#server/infra/queue/jobs.js';

/** Backups run apart from the other work, one at a time: a long one never holds up a round's cut. */
export const BACKUPS_QUEUE = defineQueue({ name: 'backups', concurrency: 1 });

/** One scheduled backup (ScheduledBackups), for one time slot of BACKUP_EVERY. */
export interface ScheduledBackupJob {
  /** The slot's start (epoch ms); the archive is named for it. */
  slot: number;
}

export const SCHEDULED_BACKUP = defineJob<ScheduledBackupJob>({ name: 'scheduled-backup', queue: BACKUPS_QUEUE });
