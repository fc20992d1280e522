import { Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { BaseRepository } from '#server/infra/database/base.repository.js';
import { GenerateSql } from '#server/infra/database/generate-sql.js';
import type { SiteSettings, SiteSettingsChange } from './site-settings.types.js';

const COLUMNS = [
  'site_name',
  'logo_key',
  'accent_color',
  'background_color',
  'categories',
  'currency',
  'donation_vote_price',
  'charity_name',
  'charity_beneficiary',
  'charity_share',
  'charity_url',
  'mail_sender_name',
  'embed_origins',
  'updated_at',
] as const;

/** The site's one row of settings. */
@Injectable()
export class SiteSettingsRepository extends BaseRepository {
  /** The settings, or undefined before the first start wrote them. */
  @GenerateSql()
  async find(): Promise<SiteSettings | undefined> {
    const row = await this.first(this.db.selectFrom('site_settings').select(COLUMNS).where('id', '=', 1));
    return row && toSettings(row);
  }

  /** The settings, locked until the transaction ends (a change reads what it replaces, for the audit log). */
  @GenerateSql()
  async findForUpdate(): Promise<SiteSettings | undefined> {
    const row = await this.first(this.db.selectFrom('site_settings').select(COLUMNS).where('id', '=', 1).forUpdate());
    return row && toSettings(row);
  }

  /**
   * Saves the admin "Site" page's settings: these columns only (the categories, the currency and the
   * donation price are other pages' and stay as they are). Answers the settings as saved, or undefined
   * when there is no row yet.
   */
  @GenerateSql({ params: [sampleChange()] })
  async update(change: SiteSettingsChange): Promise<SiteSettings | undefined> {
    const row = await this.first(
      this.db
        .updateTable('site_settings')
        .set((eb) => ({
          site_name: change.siteName,
          accent_color: change.accentColor,
          background_color: change.backgroundColor,
          charity_name: change.charityName,
          charity_beneficiary: change.charityBeneficiary,
          charity_share: change.charityShare,
          charity_url: change.charityUrl,
          mail_sender_name: change.mailSenderName,
          updated_at: eb.fn('now'),
        }))
        .where('id', '=', 1)
        .returning(COLUMNS),
    );
    return row && toSettings(row);
  }

  /** Sets the logo's storage key (null: no logo); answers the settings as saved, or undefined without a row. */
  @GenerateSql({ params: ['site/logo-0123456789abcdef.png'] })
  async setLogo(logoKey: string | null): Promise<SiteSettings | undefined> {
    const row = await this.first(
      this.db
        .updateTable('site_settings')
        .set((eb) => ({ logo_key: logoKey, updated_at: eb.fn('now') }))
        .where('id', '=', 1)
        .returning(COLUMNS),
    );
    return row && toSettings(row);
  }

  /** Replaces the origins that may frame the embed pages; answers the settings as saved, or undefined without a row. */
  @GenerateSql({ params: [['https://organizer.example.org', 'http://127.0.0.1:8080']] })
  async setEmbedOrigins(origins: string[]): Promise<SiteSettings | undefined> {
    const row = await this.first(
      this.db
        .updateTable('site_settings')
        .set((eb) => ({ embed_origins: origins, updated_at: eb.fn('now') }))
        .where('id', '=', 1)
        .returning(COLUMNS),
    );
    return row && toSettings(row);
  }

  /** Writes the first settings unless a row exists (a concurrent start's or an organizer's stays). */
  @GenerateSql({ params: [sampleSettings()] })
  async insertIfMissing(settings: Omit<SiteSettings, 'updatedAt'>): Promise<void> {
    await this.run(
      this.db
        .insertInto('site_settings')
        .values({
          id: 1,
          site_name: settings.siteName,
          logo_key: settings.logoKey,
          accent_color: settings.accentColor,
          background_color: settings.backgroundColor,
          categories: settings.categories,
          currency: settings.currency,
          donation_vote_price: settings.donationVotePrice,
          charity_name: settings.charityName,
          charity_beneficiary: settings.charityBeneficiary,
          charity_share: settings.charityShare,
          charity_url: settings.charityUrl,
          mail_sender_name: settings.mailSenderName,
          embed_origins: settings.embedOrigins,
        })
        .onConflict((oc) => oc.column('id').doNothing()),
    );
  }

  /** Replaces the site's categories only (the other settings stay as stored); answers the list as stored, or null before the first start wrote the row. */
  @GenerateSql({ params: [['Scream Queens', 'Creature Killer']] })
  async updateCategories(categories: string[]): Promise<string[] | null> {
    const row = await this.first(
      this.db
        .updateTable('site_settings')
        .set({ categories, updated_at: sql<Date>`now()` })
        .where('id', '=', 1)
        .returning('categories'),
    );
    return row?.categories ?? null;
  }

  /** The site's categories, the row locked until the transaction ends (null before the first start wrote it). */
  @GenerateSql()
  async lockCategories(): Promise<string[] | null> {
    const row = await this.first(this.db.selectFrom('site_settings').select('categories').where('id', '=', 1).forUpdate());
    return row?.categories ?? null;
  }
}

function sampleChange(): SiteSettingsChange {
  return {
    siteName: 'Fright Night',
    accentColor: '#1d4ed8',
    backgroundColor: '#0b1020',
    charityName: 'The Night Fund',
    charityBeneficiary: 'a local shelter',
    charityShare: 50,
    charityUrl: 'https://night-fund.example.org',
    mailSenderName: 'Fright Night',
  };
}

function sampleSettings(): Omit<SiteSettings, 'updatedAt'> {
  return {
    siteName: 'ScreamStage',
    logoKey: null,
    accentColor: '#e11d2a',
    backgroundColor: '#050505',
    categories: ['Scream Queens'],
    currency: 'USD',
    donationVotePrice: 100,
    charityName: 'our partner charity',
    charityBeneficiary: "a children's toy-drive foundation",
    charityShare: 100,
    charityUrl: null,
    mailSenderName: 'ScreamStage',
    embedOrigins: null,
  };
}

type Row = {
  site_name: string;
  logo_key: string | null;
  accent_color: string;
  background_color: string;
  categories: string[];
  currency: string;
  donation_vote_price: number;
  charity_name: string;
  charity_beneficiary: string;
  charity_share: number;
  charity_url: string | null;
  mail_sender_name: string;
  embed_origins: string[] | null;
  updated_at: Date;
};

const toSettings = (r: Row): SiteSettings => ({
  siteName: r.site_name,
  logoKey: r.logo_key,
  accentColor: r.accent_color,
  backgroundColor: r.background_color,
  categories: r.categories,
  currency: r.currency,
  donationVotePrice: r.donation_vote_price,
  charityName: r.charity_name,
  charityBeneficiary: r.charity_beneficiary,
  charityShare: r.charity_share,
  charityUrl: r.charity_url,
  mailSenderName: r.mail_sender_name,
  embedOrigins: r.embed_origins,
  updatedAt: r.updated_at,
});
