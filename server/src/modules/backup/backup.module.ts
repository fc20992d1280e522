import { Module } from '@nestjs/common';
import { BackupRepository } from './backup.repository.js';
import { BackupService } from './backup.service.js';
import { ScheduledBackups } from './scheduled-backups.js';

/** Scheduled backups inside the app (BACKUP_EVERY); `npm run backup` and `npm run restore` use the same service. */
@Module({
  providers: [BackupRepository, BackupService, ScheduledBackups],
})
export class BackupModule {}
