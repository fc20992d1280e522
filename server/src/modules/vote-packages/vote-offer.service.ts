import { Injectable } from '@nestjs/common';
import { TtlCache } from '#server/common/ttl-cache.js';
import { BusTopic, ProcessBus } from '#server/infra/events/process-bus.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';
import type { PackageLookup, VoteOffer, VotePackage } from './vote-offer.types.js';
import { VotePackagesRepository } from './vote-packages.repository.js';

/** How long a process keeps an offer when a change signal is lost with its connection. */
const OFFER_TTL_MS = 30_000;
/** The site's offer's key in the cache (contest ids are positive). */
const SITE = 0;

/** The demo's packages, written as the site's list at the first read of a new database: one dollar a base vote, ids 1 to 4. */
export const DEMO_PACKAGES: readonly VotePackage[] = [
  { id: 1, votes: 10, bonus: 2, price_minor: 1000 },
  { id: 2, votes: 50, bonus: 20, price_minor: 5000 },
  { id: 3, votes: 100, bonus: 50, price_minor: 10000 },
  { id: 4, votes: 200, bonus: 125, price_minor: 20000 },
];

/**
 * What votes sell for (docs/product.md#paid-votes): a contest with packages of its own sells those, in its
 * own currency and at its own donation price when it names them (else the site's); any other contest
 * sells the site's packages in the site's currency. The first read of a new database writes the demo's
 * packages as the site's list. Read on every profile and checkout, so each process
 * keeps the offers it read, dropped at once when any process saves a change (BusTopic.SiteChanged).
 */
@Injectable()
export class VoteOfferService {
  private readonly cache = new TtlCache<number, VoteOffer>(OFFER_TTL_MS, 1000);

  constructor(
    private readonly repository: VotePackagesRepository,
    private readonly site: SiteSettingsService,
    bus: ProcessBus,
  ) {
    bus.subscribe(BusTopic.SiteChanged, () => this.cache.clear());
  }

  /** The site's offer: what a contest without its own sells. */
  siteOffer(): Promise<VoteOffer> {
    return this.cache.get(SITE, () => this.loadSite());
  }

  /** The offer of votes for an entry of this contest (null: no contest, the site's). */
  forContest(contestId: number | null): Promise<VoteOffer> {
    if (contestId === null) return this.siteOffer();
    return this.cache.get(contestId, () => this.loadContest(contestId));
  }

  /** The contest's own offer, read fresh (the admin page); null when it follows the site's; undefined for no such contest. */
  async ownOffer(contestId: number): Promise<VoteOffer | null | undefined> {
    const money = await this.repository.contestMoney(contestId);
    if (!money) return undefined;
    const packages = await this.repository.offered(contestId);
    if (packages.length === 0) return null;
    const site = await this.site.get();
    return { currency: money.currency ?? site.currency, donation_vote_price: money.donationVotePrice ?? site.donationVotePrice, packages };
  }

  /** The site's offer read fresh (the admin page). */
  async freshSiteOffer(): Promise<VoteOffer> {
    return this.loadSite();
  }

  /** A package a checkout names, for an entry of this contest: on offer there, no longer offered, or unknown. */
  async lookup(contestId: number, packageId: number): Promise<PackageLookup> {
    const offer = await this.forContest(contestId);
    const pack = offer.packages.find((p) => p.id === packageId);
    if (pack) return { state: 'offered', pack };
    const stored = await this.repository.find(packageId);
    return stored ? { state: 'retired' } : { state: 'unknown' };
  }

  /** After a committed change: every process (this one at once) reads the offers again. */
  changed(): void {
    this.site.changed();
  }

  private async loadSite(): Promise<VoteOffer> {
    const site = await this.site.get();
    let packages = await this.repository.offered(null);
    if (packages.length === 0) {
      // A new database (the site's list always keeps at least one package once an organizer saved it).
      await this.repository.insertSiteListIfMissing(DEMO_PACKAGES);
      packages = await this.repository.offered(null);
    }
    return { currency: site.currency, donation_vote_price: site.donationVotePrice, packages };
  }

  private async loadContest(contestId: number): Promise<VoteOffer> {
    return (await this.ownOffer(contestId)) ?? (await this.siteOffer());
  }
}
