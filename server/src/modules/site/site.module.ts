import { Module } from '@nestjs/common';
import { AuditModule } from '#server/modules/audit/audit.module.js';
import { AdminSiteController } from './admin-site.controller.js';
import { AdminSiteService } from './admin-site.service.js';
import { AdminCategoriesController } from './admin-categories.controller.js';
import { SiteCategoriesService } from './site-categories.service.js';
import { SiteSettingsRepository } from './site-settings.repository.js';
import { SiteSettingsService } from './site-settings.service.js';

/** The site's settings an organizer edits in the admin area (name, look, categories, charity, sender). */
@Module({
  imports: [AuditModule],
  controllers: [AdminSiteController, AdminCategoriesController],
  providers: [SiteSettingsRepository, SiteSettingsService, AdminSiteService, SiteCategoriesService],
  exports: [SiteSettingsService],
})
export class SiteModule {}
