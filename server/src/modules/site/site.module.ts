import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { AdminCategoriesController } from './admin-categories.controller.js';
import { SiteCategoriesService } from './site-categories.service.js';
import { SiteSettingsRepository } from './site-settings.repository.js';
import { SiteSettingsService } from './site-settings.service.js';

/** The site's settings an organizer edits in the admin area (name, look, categories, charity, sender). */
@Module({
  imports: [AuditModule],
  controllers: [AdminCategoriesController],
  providers: [SiteSettingsRepository, SiteSettingsService, SiteCategoriesService],
  exports: [SiteSettingsService],
})
export class SiteModule {}
