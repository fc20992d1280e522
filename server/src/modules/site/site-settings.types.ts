/** The site's settings as the server uses them (one row of site_settings). */
export interface SiteSettings {
  siteName: string;
  /** The stored logo's key (storage), or null for the product's wordmark. */
  logoKey: string | null;
  /** '#rrggbb', lower case. */
  accentColor: string;
  backgroundColor: string;
  /** The categories offered at registration (a contest may offer its own). */
  categories: string[];
  /** ISO 4217 code of the site's prices (a contest may sell in its own). */
  currency: string;
  /** What one vote of a free-amount donation costs, in the currency's minor units. */
  donationVotePrice: number;
  charityName: string;
  charityBeneficiary: string;
  /** Percent of each purchase that goes to the charity. */
  charityShare: number;
  charityUrl: string | null;
  /** The display name of every e-mail's sender (the address stays MAIL_FROM's). */
  mailSenderName: string;
  /** The origins an organizer saved as allowed to frame the embed pages; null until one saves a list (EMBED_ORIGINS stand). */
  embedOrigins: string[] | null;
  updatedAt: Date;
}

/** What the admin "Site" page changes (the repository's update sets these columns only). */
export type SiteSettingsChange = Pick<
  SiteSettings,
  'siteName' | 'accentColor' | 'backgroundColor' | 'charityName' | 'charityBeneficiary' | 'charityShare' | 'charityUrl' | 'mailSenderName'
>;
