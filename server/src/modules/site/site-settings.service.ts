import { Inject, Injectable } from '@nestjs/common';
import { CATEGORIES } from '#contract/profiles/constants.js';
import { DEFAULT_SITE_COLORS } from '#contract/site/theme.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { type Brand, SiteBrand } from '#server/infra/brand/site-brand.js';
import { BusTopic, ProcessBus } from '#server/infra/events/process-bus.js';
import { EmbedFraming } from '#server/infra/http/embed-framing.js';
import { senderName } from '#server/infra/mail/mail-address.js';
import { UPLOADS_PREFIX } from '#server/infra/storage/storage.js';
import { SiteSettingsRepository } from './site-settings.repository.js';
import type { SiteSettings } from './site-settings.types.js';

/** How long a process keeps the settings when a change signal is lost with its connection. */
const SETTINGS_TTL_MS = 30_000;

/** The public address of a stored logo (its key holds a digest of its content: a new logo, a new address). */
export const logoUrlOf = (logoKey: string | null): string | null => (logoKey ? `${UPLOADS_PREFIX}${logoKey}` : null);

/**
 * The site's settings, read on most pages and in every e-mail: each process keeps one copy, dropped at
 * once when any process saves a change (BusTopic.SiteChanged), so a change is effective without a restart.
 * The first read of a new database writes the first settings from the environment (PRODUCT_NAME, the
 * charity's names, MAIL_FROM's display name); from then on the database wins. The infrastructure (the
 * pages' shell, the mail sender) reads them through SiteBrand.
 */
@Injectable()
export class SiteSettingsService {
  private readonly cache = new TtlCache<'site', SiteSettings>(SETTINGS_TTL_MS, 1);

  constructor(
    private readonly repository: SiteSettingsRepository,
    private readonly bus: ProcessBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    brand: SiteBrand,
    framing: EmbedFraming,
  ) {
    this.bus.subscribe(BusTopic.SiteChanged, () => this.cache.clear());
    brand.readFrom(async () => toBrand(await this.get()));
    framing.readFrom(async () => this.embedOriginsOf(await this.get()));
  }

  /** The origins that may frame the embed pages: the saved list, or EMBED_ORIGINS until an organizer saved one. */
  embedOriginsOf(settings: SiteSettings): string[] {
    return settings.embedOrigins ?? [...this.config.EMBED_ORIGINS];
  }

  get(): Promise<SiteSettings> {
    return this.cache.get('site', () => this.load());
  }

  /** After a committed change: every process (this one at once) reads the settings again. */
  changed(): void {
    this.bus.publish(BusTopic.SiteChanged);
  }

  private async load(): Promise<SiteSettings> {
    const found = await this.repository.find();
    if (found) return found;
    await this.repository.insertIfMissing(this.firstSettings());
    const written = await this.repository.find();
    if (!written) throw new Error('site_settings has no row after writing it');
    return written;
  }

  private firstSettings(): Omit<SiteSettings, 'updatedAt'> {
    const { config } = this;
    return {
      siteName: config.PRODUCT_NAME,
      logoKey: null,
      accentColor: DEFAULT_SITE_COLORS.accent,
      backgroundColor: DEFAULT_SITE_COLORS.background,
      categories: [...CATEGORIES],
      currency: 'USD',
      donationVotePrice: 100,
      charityName: config.CHARITY_NAME,
      charityBeneficiary: config.CHARITY_BENEFICIARY,
      charityShare: 100,
      charityUrl: null,
      mailSenderName: senderName(config.MAIL_FROM) ?? config.PRODUCT_NAME,
      embedOrigins: null,
    };
  }
}

function toBrand(s: SiteSettings): Brand {
  return {
    siteName: s.siteName,
    mailSenderName: s.mailSenderName,
    accentColor: s.accentColor,
    backgroundColor: s.backgroundColor,
    logoUrl: logoUrlOf(s.logoKey),
    version: s.updatedAt.toISOString(),
  };
}
