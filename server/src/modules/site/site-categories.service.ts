import { Injectable } from '@nestjs/common';
import type { SiteCategories } from '#contract/profiles/answers.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { SiteSettingsRepository } from './site-settings.repository.js';
import { SiteSettingsService } from './site-settings.service.js';

/**
 * The site's categories (admin: Categories): what registration and every contest without a list of its own
 * offer. A change is recorded in the audit log with it and is effective at once in every process. A profile
 * keeps a category that left the list until its owner picks another.
 */
@Injectable()
export class SiteCategoriesService {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly repository: SiteSettingsRepository,
    private readonly audit: AuditService,
  ) {}

  /** GET /admin/site/categories: the site's own list, as every process reads it. */
  async list(): Promise<SiteCategories> {
    return { categories: (await this.settings.get()).categories };
  }

  /** PUT /admin/site/categories (the list checked by the contract's schema: 1 to 20 unique names). */
  async replace(actorId: number, categories: string[]): Promise<SiteCategories> {
    // The first read of a new database writes the row this edit changes.
    await this.settings.get();
    const stored = await this.store(actorId, categories);
    this.settings.changed();
    return { categories: stored };
  }

  @Transactional()
  private async store(actorId: number, categories: string[]): Promise<string[]> {
    const before = await this.repository.lockCategories();
    const stored = await this.repository.updateCategories(categories);
    if (!before || !stored) throw new Error('site_settings has no row after reading it');
    await this.audit.record({
      actorId,
      action: 'site.categories',
      targetType: 'site',
      targetId: null,
      before: { categories: before.join(', ') },
      after: { categories: stored.join(', ') },
    });
    return stored;
  }
}
