import { Inject, Injectable, Logger } from '@nestjs/common';
import { RESERVED_USERNAMES } from '#contract/auth-schemas.js';
import type { DrawnPage } from '#server/common/http/page-render.js';
import { PAGE_SHELL, type PageShell } from '#server/common/http/page-shell.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { profileHeadTags, withProfileHead } from './profile-head.js';
import { shareCardKey, shareCardPath } from './share-card.service.js';
import { ShareFactsService } from './share-facts.service.js';

const PAGE_TTL_MS = 3_000;

/**
 * A profile page as link scrapers (and browsers) get it: the app shell with the contestant's
 * title, description, Open Graph and Twitter card tags. Only facts are read (cached briefly); the
 * card's address is known without drawing it, so a page never waits for an image.
 */
@Injectable()
export class ProfileHeadService {
  private readonly logger = new Logger(ProfileHeadService.name);
  private readonly pages = new TtlCache<string, string | null>(PAGE_TTL_MS, 5_000);
  /** Each drawing with the tagged shell it was put into (common/http/page-render.ts). */
  private readonly withDrawings = new WeakMap<DrawnPage, { head: string; page: string }>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAGE_SHELL) private readonly pageShell: PageShell | null,
    private readonly facts: ShareFactsService,
  ) {}

  /**
   * The page at `url` (`/profile/{username}` or `/profile/2025/{username}`, with any query) with the
   * tags; null when there is no shell to serve or no such contestant (the plain shell then, as for any page).
   */
  async page(username: string, url: string): Promise<string | null> {
    const pageShell = this.pageShell;
    if (!pageShell) return null;
    // The shell of this page (with its scripts named), from memory; decoded only when a page is built.
    const shell = () => pageShell.html(`/profile/${username}`).toString('utf8');
    // /profile/basics and its siblings are the owner's pages, not a contestant's: the plain shell.
    if (RESERVED_USERNAMES.includes(username.toLowerCase())) return shell();
    try {
      const html = await this.pages.get(username.toLowerCase(), () => this.build(shell(), username));
      if (html === null) return null;
      // The page itself, drawn (common/http/page-render.ts), when it is drawn: a payment return's query
      // shares the drawing of the bare profile.
      const drawn = await pageShell.drawn(url);
      if (!drawn) return html;
      // Put together once per drawing and tags: a shared profile is asked for many times a second.
      const made = this.withDrawings.get(drawn);
      if (made?.head === html) return made.page;
      const page = pageShell.withDrawing(html, drawn);
      this.withDrawings.set(drawn, { head: html, page });
      return page;
    } catch (err) {
      // The page must open even when the database does not answer: the app shows its own error.
      this.logger.warn(`profile preview of ${username} failed: ${(err as Error).message}`);
      return null;
    }
  }

  private async build(shell: string, username: string): Promise<string | null> {
    const facts = await this.facts.get(username);
    if (!facts) return null;
    const base = this.config.publicUrl;
    const key = shareCardKey(facts, this.config.PRODUCT_NAME);
    const head = profileHeadTags(facts, {
      productName: this.config.PRODUCT_NAME,
      pageUrl: `${base}/profile/${encodeURIComponent(facts.username)}`,
      imageUrl: `${base}${shareCardPath(facts.username, key.slice(0, 12))}`,
    });
    return withProfileHead(shell, head);
  }
}
