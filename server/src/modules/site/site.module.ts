import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { AdminSiteController } from './admin-site.controller.js';
import { AdminSiteService } from './admin-site.service.js';
import { SiteSettingsRepository } from './site-settings.repository.js';
import { SiteSettingsService } from './site-settings.service.js';

/** The site's settings an organizer edits in the admin area (name, look, categories, charity, sender). */
@Module({
  imports: [AuditModule],
  controllers: [AdminSiteController],
  providers: [SiteSettingsRepository, SiteSettingsService, AdminSiteService],
  exports: [SiteSettingsService],
})
export class SiteModule {}
