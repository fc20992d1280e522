import { createHash } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import type { AdminSiteSettings, EmbedOrigins } from '#contract/site/answers.js';
import { SITE_LOGO } from '#contract/site/constants.js';
import { contrastRefusal, SITE_MESSAGES } from '#contract/site/messages.js';
import type { EmbedOriginsUpdate, SiteSettingsUpdate } from '#contract/site/requests.js';
import { checkContrast, shownRatio } from '#contract/site/theme.js';
import type { AuditValues } from '#contract/audit/constants.js';
import { detailError } from '#server/common/errors.js';
import type { MultipartForm } from '#server/common/http/multipart-form.js';
import { decodeSlots } from '#server/common/pictures/picture-limits.js';
import { PictureProblem, processPicture, type PictureFormat, type ProcessedPicture } from '#server/common/pictures/picture-processor.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { senderAddress } from '#server/infra/mail/mail-address.js';
import { FileStorage } from '#server/infra/storage/storage.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import { SiteSettingsRepository } from './site-settings.repository.js';
import { logoUrlOf, SiteSettingsService } from './site-settings.service.js';
import type { SiteSettings, SiteSettingsChange } from './site-settings.types.js';

/** A logo is a PNG (transparency kept) or a JPEG. */
const LOGO_FORMATS: readonly PictureFormat[] = ['png', 'jpeg'];
/** The folder of the site's own pictures. */
const LOGO_FOLDER = 'site';

const PROBLEM_MESSAGES: Record<PictureProblem['kind'], string> = {
  badType: SITE_MESSAGES.logoBadType,
  corrupt: SITE_MESSAGES.logoCorrupt,
  tooBig: SITE_MESSAGES.logoTooBig,
};

/** The fields the admin "Site" page edits, as the audit log and the answer name them. */
function recorded(s: SiteSettings | SiteSettingsChange): AuditValues {
  return {
    site_name: s.siteName,
    accent_color: s.accentColor,
    background_color: s.backgroundColor,
    charity_name: s.charityName,
    charity_beneficiary: s.charityBeneficiary,
    charity_share: s.charityShare,
    charity_url: s.charityUrl,
    mail_sender_name: s.mailSenderName,
  };
}

/** Only the fields that differ, before and after. */
function difference(before: AuditValues, after: AuditValues): { before: AuditValues; after: AuditValues } | null {
  const changed = Object.keys(after).filter((key) => before[key] !== after[key]);
  if (!changed.length) return null;
  return { before: Object.fromEntries(changed.map((k) => [k, before[k]])), after: Object.fromEntries(changed.map((k) => [k, after[k]])) };
}

/**
 * The admin "Site" page: the site's name, colours, logo, charity and e-mail sender. Each change is one
 * transaction with its audit entry; after the commit every process drops its copy of the settings
 * (SiteSettingsService.changed), so pages, e-mails and share cards show it at once. Colours that would
 * leave a pair of the palette hard to read are refused (contract/site/theme.ts).
 */
@Injectable()
export class AdminSiteService {
  constructor(
    private readonly settings: SiteSettingsService,
    private readonly repository: SiteSettingsRepository,
    private readonly audit: AuditService,
    private readonly storage: FileStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async current(): Promise<AdminSiteSettings> {
    return this.answer(await this.settings.get());
  }

  /** PUT /admin/site. */
  async update(actorId: number, body: SiteSettingsUpdate): Promise<AdminSiteSettings> {
    const failing = checkContrast(body.accent_color, body.background_color).find((check) => !check.passes);
    if (failing) throw detailError(HttpStatus.BAD_REQUEST, contrastRefusal(failing.label, shownRatio(failing.ratio)));
    // The first start may not have written the row yet.
    await this.settings.get();
    const saved = await this.save(actorId, {
      siteName: body.site_name,
      accentColor: body.accent_color,
      backgroundColor: body.background_color,
      charityName: body.charity_name,
      charityBeneficiary: body.charity_beneficiary,
      charityShare: body.charity_share,
      charityUrl: body.charity_url,
      mailSenderName: body.mail_sender_name,
    });
    this.settings.changed();
    return this.answer(saved);
  }

  /**
   * POST /admin/site/logo: one PNG or JPEG, checked by its bytes, size and dimensions, decoded and
   * re-encoded (only pixels survive) and stored under a name made from its content, so its address changes
   * with it and may be cached for good. The logo it replaces is removed after the commit.
   */
  async uploadLogo(actorId: number, readForm: () => Promise<MultipartForm>): Promise<AdminSiteSettings> {
    const form = await readForm();
    if (form.tooManyFiles || form.files.length > 1) throw detailError(HttpStatus.BAD_REQUEST, SITE_MESSAGES.logoMissing);
    const [file] = form.files;
    if (!file) throw detailError(HttpStatus.BAD_REQUEST, SITE_MESSAGES.logoMissing);
    if (file.tooLarge || file.data.length > SITE_LOGO.maxBytes) throw detailError(HttpStatus.BAD_REQUEST, SITE_MESSAGES.logoTooLarge);
    const picture = await decodeSlots.run(() => this.processed(file.data));
    const key = `${LOGO_FOLDER}/logo-${createHash('sha256').update(picture.data).digest('hex').slice(0, 20)}.${picture.extension}`;
    const url = logoUrlOf(key)!;
    // The same logo uploaded again is the same file: it is written once.
    const wrote = !(await this.storage.exists(url));
    if (wrote) await this.storage.put(key, picture.data);
    await this.settings.get();
    let replaced: string | null;
    let saved: SiteSettings;
    try {
      ({ replaced, saved } = await this.saveLogo(actorId, key));
    } catch (err) {
      if (wrote) await this.storage.remove(url).catch(() => undefined);
      throw err;
    }
    if (replaced && replaced !== key) await this.storage.remove(logoUrlOf(replaced)!).catch(() => undefined);
    this.settings.changed();
    return this.answer(saved);
  }

  /** DELETE /admin/site/logo: the site shows its name alone again; the file is removed after the commit. */
  async removeLogo(actorId: number): Promise<AdminSiteSettings> {
    await this.settings.get();
    const { replaced, saved } = await this.saveLogo(actorId, null);
    if (replaced) await this.storage.remove(logoUrlOf(replaced)!).catch(() => undefined);
    this.settings.changed();
    return this.answer(saved);
  }

  /** GET /admin/site/embed-origins. */
  async embedOrigins(): Promise<EmbedOrigins> {
    return this.embedAnswer(await this.settings.get());
  }

  /**
   * PUT /admin/site/embed-origins: the origins that may frame the embed pages from now on (an empty list:
   * none may). Every process's pages follow at once (the settings' change signal).
   */
  async saveEmbedOrigins(actorId: number, body: EmbedOriginsUpdate): Promise<EmbedOrigins> {
    const current = await this.settings.get();
    const saved = await this.saveOrigins(actorId, body.origins, this.settings.embedOriginsOf(current));
    this.settings.changed();
    return this.embedAnswer(saved);
  }

  @Transactional()
  private async saveOrigins(actorId: number, origins: string[], effectiveBefore: string[]): Promise<SiteSettings> {
    const before = await this.locked();
    // Saved once, the list is the database's even when it equals the environment's.
    if (before.embedOrigins !== null && before.embedOrigins.join(',') === origins.join(',')) return before;
    const saved = await this.repository.setEmbedOrigins(origins);
    if (!saved) throw new Error('site_settings has no row');
    await this.audit.record({
      actorId,
      action: 'site.embed_origins',
      targetType: 'site',
      targetId: null,
      before: { origins: effectiveBefore.join(', ') },
      after: { origins: origins.join(', ') },
    });
    return saved;
  }

  private embedAnswer(s: SiteSettings): EmbedOrigins {
    return { origins: this.settings.embedOriginsOf(s), from_environment: s.embedOrigins === null };
  }

  @Transactional()
  private async save(actorId: number, change: SiteSettingsChange): Promise<SiteSettings> {
    const before = await this.locked();
    const diff = difference(recorded(before), recorded(change));
    if (!diff) return before;
    const saved = await this.repository.update(change);
    if (!saved) throw new Error('site_settings has no row');
    await this.audit.record({ actorId, action: 'site.settings', targetType: 'site', targetId: null, ...diff });
    return saved;
  }

  @Transactional()
  private async saveLogo(actorId: number, logoKey: string | null): Promise<{ replaced: string | null; saved: SiteSettings }> {
    const before = await this.locked();
    if (before.logoKey === logoKey) return { replaced: null, saved: before };
    const saved = await this.repository.setLogo(logoKey);
    if (!saved) throw new Error('site_settings has no row');
    await this.audit.record({
      actorId,
      action: 'site.logo',
      targetType: 'site',
      targetId: null,
      before: { logo_url: logoUrlOf(before.logoKey) },
      after: { logo_url: logoUrlOf(logoKey) },
    });
    return { replaced: before.logoKey, saved };
  }

  private async locked(): Promise<SiteSettings> {
    const found = await this.repository.findForUpdate();
    if (!found) throw new Error('site_settings has no row');
    return found;
  }

  /** Decoded and re-encoded; a picture over SITE_LOGO's sides is refused. */
  private async processed(data: Buffer): Promise<ProcessedPicture> {
    try {
      const picture = await processPicture(data, LOGO_FORMATS);
      const { width = 0, height = 0 } = await sharp(picture.data).metadata();
      if (width > SITE_LOGO.maxSide || height > SITE_LOGO.maxSide) throw new PictureProblem('tooBig');
      return picture;
    } catch (err) {
      if (err instanceof PictureProblem) throw detailError(HttpStatus.BAD_REQUEST, PROBLEM_MESSAGES[err.kind]);
      throw err;
    }
  }

  private answer(s: SiteSettings): AdminSiteSettings {
    return {
      site_name: s.siteName,
      logo_url: logoUrlOf(s.logoKey),
      accent_color: s.accentColor,
      background_color: s.backgroundColor,
      charity_name: s.charityName,
      charity_beneficiary: s.charityBeneficiary,
      charity_share: s.charityShare,
      charity_url: s.charityUrl,
      mail_sender_name: s.mailSenderName,
      mail_from_address: senderAddress(this.config.MAIL_FROM),
      updated_at: s.updatedAt.toISOString(),
    };
  }
}
