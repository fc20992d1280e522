import { Inject, Injectable, Logger } from '@nestjs/common';
import { RESERVED_USERNAMES } from '#contract/auth-schemas.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { PAGE_SHELL, type PageShell } from '#server/infra/ssr/page-shell.js';
import { profileHeadTags } from './profile-head.js';
import { shareCardKey, shareCardPath } from './share-card.service.js';
import { ShareFactsService } from './share-facts.service.js';

const FACTS_TTL_MS = 3_000;

/**
 * A profile page as link scrapers (and browsers) get it: the page (drawn, when it is) with the
 * contestant's title, description, Open Graph and Twitter card tags. Only facts are read (cached
 * briefly); the card's address is known without drawing it, so a page never waits for an image.
 */
@Injectable()
export class ProfileHeadService {
  private readonly logger = new Logger(ProfileHeadService.name);
  private readonly heads = new TtlCache<string, { title: string; tags: string } | null>(FACTS_TTL_MS, 5_000);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAGE_SHELL) private readonly pageShell: PageShell | null,
    private readonly facts: ShareFactsService,
  ) {}

  /**
   * The page at `url` (`/profile/{username}` or `/profile/2025/{username}`, with any query) with the
   * tags; null when there is no shell to serve or no such contestant (then the 404 page).
   */
  async page(username: string, url: string): Promise<string | null> {
    const pageShell = this.pageShell;
    if (!pageShell) return null;
    // /profile/basics and its siblings are the owner's pages, not a contestant's: as the route table has them.
    if (RESERVED_USERNAMES.includes(username.toLowerCase())) return pageShell.html(url);
    try {
      const head = await this.heads.get(username.toLowerCase(), () => this.head(username));
      if (head === null) return null;
      // The page itself, drawn when it is (infra/ssr/page-render.ts): a payment return's query shares the drawing of the bare profile.
      return await pageShell.html(url, head);
    } catch (err) {
      // The page must open even when the database does not answer: the app shows its own error.
      this.logger.warn(`profile preview of ${username} failed: ${(err as Error).message}`);
      return null;
    }
  }

  private async head(username: string): Promise<{ title: string; tags: string } | null> {
    const facts = await this.facts.get(username);
    if (!facts) return null;
    const base = this.config.publicUrl;
    const key = shareCardKey(facts, this.config.PRODUCT_NAME);
    return profileHeadTags(facts, {
      productName: this.config.PRODUCT_NAME,
      pageUrl: `${base}/profile/${encodeURIComponent(facts.username)}`,
      imageUrl: `${base}${shareCardPath(facts.username, key.slice(0, 12))}`,
    });
  }
}
