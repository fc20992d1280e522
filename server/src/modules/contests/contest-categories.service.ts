import { Injectable } from '@nestjs/common';
import { TtlCache } from '#server/common/ttl-cache.js';
import { BusTopic, ProcessBus } from '#server/infra/events/process-bus.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';
import { ContestsRepository } from './contests.repository.js';
import type { ContestEntity } from './entities/contest.entity.js';
import { EntriesRepository } from './entries.repository.js';

/** How long a process keeps registration's list when a change signal is lost with its connection. */
const LIST_TTL_MS = 30_000;

/**
 * Which categories are offered where: a contest offers its own list, or the site's (null); registration
 * offers the current contest's; a contestant in a contest that has not ended may choose among that
 * contest's, otherwise among registration's and the joinable contests'. Registration's list is read on every page (GET /site), so each
 * process keeps it, dropped when the site's settings or any contest change (BusTopic.SiteChanged, ContestsChanged).
 */
@Injectable()
export class ContestCategoriesService {
  private readonly registrationCache = new TtlCache<'registration', string[]>(LIST_TTL_MS, 1);

  constructor(
    private readonly site: SiteSettingsService,
    private readonly contests: ContestsRepository,
    private readonly entries: EntriesRepository,
    bus: ProcessBus,
  ) {
    const drop = () => this.registrationCache.clear();
    bus.subscribe(BusTopic.SiteChanged, drop);
    bus.subscribe(BusTopic.ContestsChanged, drop);
  }

  /** The site's own list. */
  async ofSite(): Promise<string[]> {
    return (await this.site.get()).categories;
  }

  /** What the contest offers: its own list, or the site's. */
  async ofContest(contest: Pick<ContestEntity, 'categories'>): Promise<string[]> {
    return contest.categories ?? (await this.ofSite());
  }

  /** What registration offers now: the current contest's list, or the site's when there is none. */
  forRegistration(): Promise<string[]> {
    return this.registrationCache.get('registration', async () => {
      const current = await this.contests.findCurrent();
      return current ? this.ofContest(current) : this.ofSite();
    });
  }

  /**
   * What this user may choose: their contest's (one that has not ended); outside one, registration's and
   * those of the contests open for joining, so a contestant can pick the category a contest asks for before joining it.
   */
  async forUser(userId: number): Promise<string[]> {
    const entry = await this.entries.openEntryOf(userId);
    const contest = entry ? await this.contests.findById(entry.contestId) : null;
    if (contest) return this.ofContest(contest);
    const [registration, joinable] = await Promise.all([this.forRegistration(), this.contests.listJoinable()]);
    const lists = await Promise.all(joinable.map((c) => this.ofContest(c)));
    return [...new Set([...registration, ...lists.flat()])];
  }
}
