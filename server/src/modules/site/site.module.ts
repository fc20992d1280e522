import { Module } from '@nestjs/common';
import { SiteSettingsRepository } from './site-settings.repository.js';
import { SiteSettingsService } from './site-settings.service.js';

/** The site's settings an organizer edits in the admin area (name, look, categories, charity, sender). */
@Module({
  providers: [SiteSettingsRepository, SiteSettingsService],
  exports: [SiteSettingsService],
})
export class SiteModule {}
