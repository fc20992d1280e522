import { HttpStatus, Injectable } from '@nestjs/common';
import type { ContestVoteOffer, VoteOffer } from '#contract/payments/answers.js';
import { VOTE_PACKAGE_MESSAGES } from '#contract/payments/messages.js';
import type { VoteOfferInput } from '#contract/payments/requests.js';
import { detailError } from '#server/common/errors.js';
import { Transactional } from '#server/infra/database/transactional.js';
import { AuditService } from '#server/modules/audit/audit.service.js';
import type { AuditValues } from '#server/modules/audit/audit.types.js';
import { SiteSettingsService } from '#server/modules/site/site-settings.service.js';
import { VoteOfferService } from './vote-offer.service.js';
import type { VotePackage } from './vote-offer.types.js';
import { VotePackagesRepository } from './vote-packages.repository.js';

/** A list as the audit log keeps it: one readable field ('10+2 for 1000, 50+20 for 5000'). */
const listText = (packages: readonly Omit<VotePackage, 'id'>[]) => packages.map((p) => `${p.votes}+${p.bonus} for ${p.price_minor}`).join(', ');

const auditValues = (offer: { currency: string; donation_vote_price: number; packages: readonly Omit<VotePackage, 'id'>[] } | null): AuditValues =>
  offer
    ? { currency: offer.currency, donation_vote_price: offer.donation_vote_price, packages: listText(offer.packages) }
    : { currency: null, donation_vote_price: null, packages: null };

/**
 * The organizer's side of vote packages: the site's offer (currency, one vote's donation price, the
 * packages) and a contest's own. Each save is one transaction with its audit entry; once committed,
 * every process drops its copy of the offers, so the change is effective at once.
 */
@Injectable()
export class AdminVotePackagesService {
  constructor(
    private readonly repository: VotePackagesRepository,
    private readonly offers: VoteOfferService,
    private readonly settings: SiteSettingsService,
    private readonly audit: AuditService,
  ) {}

  siteOffer(): Promise<VoteOffer> {
    return this.offers.freshSiteOffer();
  }

  async saveSite(actorId: number, input: VoteOfferInput): Promise<VoteOffer> {
    // The settings row and the demo's list are written at the first read of a new database: both exist
    // before the update, and the demo's ids 1 to 4 are never taken by a new package.
    await this.offers.freshSiteOffer();
    await this.writeSite(actorId, input);
    this.offers.changed();
    return this.offers.freshSiteOffer();
  }

  async contest(contestId: number): Promise<ContestVoteOffer> {
    const own = await this.offers.ownOffer(contestId);
    if (own === undefined) throw detailError(HttpStatus.NOT_FOUND, VOTE_PACKAGE_MESSAGES.contestNotFound);
    return { contest_id: contestId, own, site: await this.offers.freshSiteOffer() };
  }

  async saveContest(actorId: number, contestId: number, input: VoteOfferInput | null): Promise<ContestVoteOffer> {
    await this.offers.freshSiteOffer();
    await this.writeContest(actorId, contestId, input);
    this.offers.changed();
    return this.contest(contestId);
  }

  @Transactional()
  private async writeSite(actorId: number, input: VoteOfferInput): Promise<void> {
    const site = await this.settings.get();
    const lists = await this.repository.replaceList(null, input.packages);
    if (!lists) throw detailError(HttpStatus.BAD_REQUEST, VOTE_PACKAGE_MESSAGES.unknownId);
    await this.repository.setSiteMoney(input.currency, input.donation_vote_price);
    await this.audit.record({
      actorId,
      action: 'site.vote_packages',
      targetType: 'site',
      targetId: null,
      before: auditValues({ currency: site.currency, donation_vote_price: site.donationVotePrice, packages: lists.before }),
      after: auditValues(input),
    });
  }

  @Transactional()
  private async writeContest(actorId: number, contestId: number, input: VoteOfferInput | null): Promise<void> {
    const before = await this.offers.ownOffer(contestId);
    if (before === undefined || !(await this.repository.setContestMoney(contestId, input?.currency ?? null, input?.donation_vote_price ?? null))) {
      throw detailError(HttpStatus.NOT_FOUND, VOTE_PACKAGE_MESSAGES.contestNotFound);
    }
    if (input) {
      if (!(await this.repository.replaceList(contestId, input.packages))) throw detailError(HttpStatus.BAD_REQUEST, VOTE_PACKAGE_MESSAGES.unknownId);
    } else await this.repository.clearContestList(contestId);
    await this.audit.record({
      actorId,
      action: 'contest.vote_packages',
      targetType: 'contest',
      targetId: contestId,
      before: auditValues(before),
      after: auditValues(input),
    });
  }
}
