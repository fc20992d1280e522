import { HttpStatus, Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { ProfileViewsResponse } from '#contract/profiles/answers.js';
import { PROFILE_MESSAGES } from '#contract/profiles/messages.js';
import { detailError } from '#server/common/errors.js';
import { throttleKey } from '#server/common/throttle-keys.js';
import { TtlCache } from '#server/common/ttl-cache.js';
import { APP_CONFIG, type AppConfig } from '#server/config/config.js';
import { RateLimiter } from '#server/infra/rate-limit/rate-limiter.js';
import { ProfileViewsRepository } from './profile-views.repository.js';

/** Views counted in this process are written to the database this often, in one statement. */
export const VIEWS_FLUSH_MS = 1_000;
/** One viewer's opens of one profile count once in this window. */
export const VIEW_WINDOW_SECONDS = 3_600;
/** Viewers this process remembers (beyond it, the shared counter alone decides). */
const SEEN_MAX = 100_000;

/** Who opened a profile: the signed-in account, else the client address (only ever hashed). */
export interface ProfileViewer {
  address: string;
  userId: number | null;
}

/**
 * Profile views (increment-views on every profile open). Every open would otherwise
 * be an UPDATE of the same hot row; instead each process counts opens in memory and adds them to
 * the database once a second, and answers the stored count plus its own unwritten ones. A crash
 * loses at most a second of views, which a view counter can afford (votes cannot: they are jobs).
 * A viewer counts once per profile per VIEW_WINDOW_SECONDS: the shared rate limiter (PostgreSQL, or
 * Redis when scaled) decides across processes, and a local memory of recent viewers spares it the
 * repeats, so reloading a profile all day adds one view an hour.
 */
@Injectable()
export class ProfileViewsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger('ProfileViews');
  private readonly ids = new TtlCache<string, number | null>(5_000);
  private readonly stored = new TtlCache<number, number>(VIEWS_FLUSH_MS);
  private readonly pending = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private writes: Promise<void> = Promise.resolve();
  /** Viewer keys seen lately, and when their window ends (insertion order = oldest first). */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly repository: ProfileViewsRepository,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async increment(username: string, viewer: ProfileViewer): Promise<ProfileViewsResponse> {
    const id = await this.profileId(username);
    if (await this.firstViewInWindow(id, viewer)) {
      this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
      this.timer ??= setTimeout(() => void this.flush(), VIEWS_FLUSH_MS);
    }
    return this.answer(id);
  }

  async views(username: string): Promise<ProfileViewsResponse> {
    return this.answer(await this.profileId(username));
  }

  /** The last views are written before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  /**
   * Marked seen here before the shared counter is asked, so simultaneous opens in this process ask
   * once; the counter's first hit in its window is the one view. If the counter cannot be reached the
   * view is not counted (a view counter may undercount; it must not be inflatable).
   */
  private async firstViewInWindow(profileId: number, viewer: ProfileViewer): Promise<boolean> {
    const who = viewer.userId !== null ? `user:${viewer.userId}` : `addr:${viewer.address}`;
    const key = throttleKey(this.config.JWT_SECRET!, 'view', `${profileId}:${who}`);
    const now = Date.now();
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    this.seen.delete(key);
    this.seen.set(key, now + VIEW_WINDOW_SECONDS * 1000);
    if (this.seen.size > SEEN_MAX) this.seen.delete(this.seen.keys().next().value!);
    try {
      return (await this.limiter.hit(key, VIEW_WINDOW_SECONDS)).hits === 1;
    } catch (err) {
      this.logger.warn(`Could not check a profile view, not counting it: ${(err as Error).message}`);
      return false;
    }
  }

  private async answer(id: number): Promise<ProfileViewsResponse> {
    const stored = await this.stored.get(id, () => this.repository.views(id));
    return { profile_views: stored + (this.pending.get(id) ?? 0) };
  }

  private async profileId(username: string): Promise<number> {
    const id = await this.ids.get(username.toLowerCase(), () => this.repository.profileIdOf(username));
    if (id === null) throw detailError(HttpStatus.NOT_FOUND, PROFILE_MESSAGES.notFound);
    return id;
  }

  /** Writes run one after another, so each takes exactly the views not yet written. */
  private flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.writes = this.writes.then(() => this.writePending());
    return this.writes;
  }

  private async writePending(): Promise<void> {
    if (!this.pending.size) return;
    const batch = new Map(this.pending);
    try {
      const totals = await this.repository.add(batch);
      // Written: no longer pending (views counted meanwhile stay pending for the next round).
      for (const [id, n] of batch) {
        const left = (this.pending.get(id) ?? 0) - n;
        if (left > 0) this.pending.set(id, left);
        else this.pending.delete(id);
        const total = totals.get(id);
        if (total !== undefined) this.stored.set(id, total);
      }
    } catch (err) {
      this.logger.warn(`Could not write profile views, keeping them for the next round: ${(err as Error).message}`);
    }
    if (this.pending.size) this.timer ??= setTimeout(() => void this.flush(), VIEWS_FLUSH_MS);
  }
}
