import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { USERNAME_PATTERN } from '#contract/auth/constants.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { ContestsService } from '#server/modules/contests/contests.service.js';
import { UsersService } from '#server/modules/users/users.service.js';
import { type ShareFacts, shareFactsOf } from '#contract/profiles/share.js';

/** A card may be this old: link scrapers of a busy profile cost one lookup per interval. */
export const SHARE_FACTS_TTL_MS = 3_000;

/** The facts a profile's share card shows, read through the users and contests services and cached briefly. */
@Injectable()
export class ShareFactsService {
  private readonly logger = new Logger(ShareFactsService.name);
  private readonly cache = new TtlCache<string, ShareFacts | null>(SHARE_FACTS_TTL_MS, 5_000);

  constructor(
    private readonly users: UsersService,
    private readonly contests: ContestsService,
  ) {}

  /** null for a name that is no contestant (unknown, no profile, or one that could not be a username). */
  get(username: string): Promise<ShareFacts | null> {
    if (!USERNAME_PATTERN.test(username)) return Promise.resolve(null);
    return this.cache.get(username.toLowerCase(), () => this.load(username));
  }

  private async load(username: string): Promise<ShareFacts | null> {
    let profile;
    try {
      profile = await this.users.publicProfile(username);
    } catch (err) {
      if (err instanceof HttpException && err.getStatus() === HttpStatus.NOT_FOUND) return null;
      throw err;
    }
    const entry = profile.active_contest_entry;
    let contestName: string | null = null;
    if (entry) {
      try {
        contestName = (await this.contests.get(entry.contest_id)).name;
      } catch (err) {
        // Deleted meanwhile: the preview simply names no contest.
        if (!(err instanceof HttpException)) throw err;
        this.logger.debug(`contest ${entry.contest_id} of ${username} not found`);
      }
    }
    return shareFactsOf(profile, contestName);
  }
}
