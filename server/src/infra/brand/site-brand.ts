// What the infrastructure shows of the site's settings: the name and colours of the pages the server
// sends (infra/ssr) and the display name of every e-mail's sender (infra/mail). The settings are the site
// module's (an organizer edits them; each process caches them and drops its copy on a bus signal); it
// gives its reader here at start, since the infrastructure never imports a module.

/** The site's look and names as the infrastructure uses them. */
export interface Brand {
  siteName: string;
  /** The display name of every e-mail's From (the address stays MAIL_FROM's). */
  mailSenderName: string;
  /** `#rrggbb`, lower case. */
  accentColor: string;
  backgroundColor: string;
  /** The logo's public address, or null. */
  logoUrl: string | null;
  /** Changes with every saved change of the settings (their time of change): what was made from older ones is stale. */
  version: string;
}

export class SiteBrand {
  private reader: (() => Promise<Brand>) | null = null;
  private last: Brand | null = null;

  /** `fallback`: the environment's values, answered until the site module gives its reader (tests, tools). */
  constructor(private readonly fallback: Brand) {}

  /** The site module's reader of the current settings (cached per process). */
  readFrom(reader: () => Promise<Brand>): void {
    this.reader = reader;
  }

  /** The current brand; while the settings cannot be read (the database away), the last one read, so pages and e-mails still go out. */
  async current(): Promise<Brand> {
    if (!this.reader) return this.fallback;
    try {
      this.last = await this.reader();
      return this.last;
    } catch {
      return this.last ?? this.fallback;
    }
  }
}

/** A text that tells two brands apart (a page made for one is stale for another). */
export const brandKey = (b: Brand): string => JSON.stringify([b.version, b.siteName, b.accentColor, b.backgroundColor, b.logoUrl]);
